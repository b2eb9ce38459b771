package warranty

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"

	"github.com/tradeloop/homeservices/internal/domain"
	"github.com/tradeloop/homeservices/internal/platform/ids"
	"github.com/tradeloop/homeservices/internal/provider/insurer"
	"github.com/tradeloop/homeservices/internal/service/notify"
	"github.com/tradeloop/homeservices/internal/store"
)

// ErrUnknownClaim is returned for events about claims we have no record of.
var ErrUnknownClaim = errors.New("warranty: unknown claim")

// HandleEvent applies an insurer webhook event.
func (s *Service) HandleEvent(ctx context.Context, evt insurer.Event) error {
	h, ok := s.handlers[evt.Type]
	if !ok {
		slog.InfoContext(ctx, "ignoring insurer event", "type", evt.Type, "id", evt.ID)
		return nil
	}
	return h(ctx, evt)
}

func decode[T any](evt insurer.Event) (T, error) {
	var v T
	if err := json.Unmarshal(evt.Data, &v); err != nil {
		return v, domain.Invalidf("insurer event %s: %v", evt.ID, err)
	}
	return v, nil
}

func (s *Service) claimFor(ctx context.Context, evt insurer.Event) (*domain.WarrantyClaim, error) {
	claim, err := s.repos.Claims.ByInsurerRef(ctx, evt.ClaimRef)
	if errors.Is(err, domain.ErrNotFound) {
		return nil, fmt.Errorf("%w: %s", ErrUnknownClaim, evt.ClaimRef)
	}
	return claim, err
}

// onClaimAuthorized stores the insurer's authorisation to start repairs.
func (s *Service) onClaimAuthorized(ctx context.Context, evt insurer.Event) error {
	data, err := decode[insurer.ClaimAuthorizedData](evt)
	if err != nil {
		return err
	}
	claim, err := s.claimFor(ctx, evt)
	if err != nil {
		return err
	}
	return s.uow.Do(ctx, func(ctx context.Context, tx *store.Repos) error {
		if err := tx.Authorizations.Insert(ctx, &domain.WarrantyAuthorization{
			AuthorizationRef: data.AuthorizationRef,
			ClaimID:          claim.ID,
			AmountCents:      data.AmountCents,
			ExpiresAt:        data.ExpiresAt,
			CreatedAt:        s.now(),
		}); err != nil {
			return err
		}
		return tx.Claims.SetStatus(ctx, claim.ID, domain.ClaimAuthorized)
	})
}

// onClaimApproved credits the customer's deductible back and closes the claim.
func (s *Service) onClaimApproved(ctx context.Context, evt insurer.Event) error {
	data, err := decode[insurer.ClaimApprovedData](evt)
	if err != nil {
		return err
	}
	claim, err := s.claimFor(ctx, evt)
	if err != nil {
		return err
	}
	if claim.Status == domain.ClaimApproved {
		return nil
	}

	if data.CustomerCreditCents > 0 {
		jobID := claim.JobID
		err := s.uow.Do(ctx, func(ctx context.Context, tx *store.Repos) error {
			if err := tx.Customers.AddCredit(ctx, claim.CustomerID, data.CustomerCreditCents); err != nil {
				return err
			}
			return tx.Ledger.Append(ctx, domain.LedgerEntry{
				ID:          ids.Sortable(),
				Account:     domain.AccountCustomerCredit,
				JobID:       &jobID,
				Kind:        "warranty_credit",
				AmountCents: data.CustomerCreditCents,
				Currency:    "usd",
				Reference:   evt.ClaimRef,
				CreatedAt:   s.now(),
			})
		})
		if err != nil {
			return err
		}
	}

	if err := s.uow.Do(ctx, func(ctx context.Context, tx *store.Repos) error {
		if err := tx.Claims.SetApproved(ctx, claim.ID, data.ApprovedCents); err != nil {
			return err
		}
		job, err := tx.Jobs.Get(ctx, claim.JobID)
		if err != nil {
			return err
		}
		if job.Status == domain.JobOpen {
			_, err = tx.Jobs.SetStatus(ctx, job.ID, []domain.JobStatus{domain.JobOpen}, domain.JobBooked)
		}
		return err
	}); err != nil {
		return err
	}
	return s.notifyCustomer(ctx, claim, evt, "approved")
}

// onClaimRejected closes the claim.
func (s *Service) onClaimRejected(ctx context.Context, evt insurer.Event) error {
	data, err := decode[insurer.ClaimRejectedData](evt)
	if err != nil {
		return err
	}
	claim, err := s.claimFor(ctx, evt)
	if err != nil {
		return err
	}
	if _, err := s.repos.Claims.SetRejected(ctx, claim.ID, data.Reason); err != nil {
		return err
	}
	return s.notifyCustomer(ctx, claim, evt, "declined")
}

func (s *Service) notifyCustomer(ctx context.Context, claim *domain.WarrantyClaim, evt insurer.Event, outcome string) error {
	customer, err := s.repos.Customers.Get(ctx, claim.CustomerID)
	if err != nil {
		return err
	}
	job, err := s.repos.Jobs.Get(ctx, claim.JobID)
	if err != nil {
		return err
	}
	body, err := notify.Render(notify.TplWarrantyUpdate, map[string]any{"Title": job.Title, "Outcome": outcome})
	if err != nil {
		return err
	}
	_, err = s.notifier.Send(ctx, customer.Phone, body,
		notify.WithClientRef("warranty_"+evt.ID),
		notify.ForJob(job.ID),
		notify.Template(notify.TplWarrantyUpdate),
	)
	return err
}
