// Package applications implements intake of refund advance applications from
// tax-prep partners.
package applications

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/google/uuid"

	"github.com/refundbridge/advance/internal/domain"
	"github.com/refundbridge/advance/internal/repository"
	"github.com/refundbridge/advance/internal/service"
)

// Deps are the collaborators of the applications service.
type Deps struct {
	Tx           repository.TxManager
	Applications repository.Applications
	Customers    repository.Customers
	Requests     repository.ApplicationRequests
	Queue        service.TaskQueue
	Log          *slog.Logger
	// SSNPepper is mixed into customer SSN hashes.
	SSNPepper string
}

// Service implements service.Applications.
type Service struct {
	Deps
	now func() time.Time
}

// New builds the service.
func New(d Deps) *Service {
	return &Service{Deps: d, now: func() time.Time { return time.Now().UTC() }}
}

var _ service.Applications = (*Service)(nil)

// Submit creates the application for a partner submission. The partner's
// Idempotency-Key is claimed in the same transaction as the application row,
// so a replay returns the application created by the first call.
func (s *Service) Submit(ctx context.Context, in service.SubmitInput) (service.SubmitResult, error) {
	if err := in.Validate(); err != nil {
		return service.SubmitResult{}, err
	}
	reqHash := requestHash(in)
	var result service.SubmitResult

	err := s.Tx.InTx(ctx, func(ctx context.Context) error {
		claimed, existing, err := s.Requests.Claim(ctx, domain.ApplicationRequest{
			PartnerID:      in.PartnerID,
			IdempotencyKey: in.IdempotencyKey,
			RequestHash:    reqHash,
			ApplicationID:  uuid.New(),
			CreatedAt:      s.now(),
		})
		if err != nil {
			return fmt.Errorf("claim idempotency key: %w", err)
		}
		if !claimed {
			if existing.RequestHash != reqHash {
				return domain.ErrIdempotencyReuse
			}
			app, err := s.Applications.Get(ctx, existing.ApplicationID)
			if err != nil {
				return err
			}
			result = service.SubmitResult{ApplicationID: app.ID, Status: app.Status, Replayed: true}
			return nil
		}

		customerID, err := s.Customers.Upsert(ctx, s.customerFrom(in))
		if err != nil {
			return fmt.Errorf("upsert customer: %w", err)
		}
		app := domain.Application{
			ID:                      existing.ApplicationID,
			PartnerID:               in.PartnerID,
			CustomerID:              customerID,
			PartnerReturnRef:        in.ReturnRef,
			TaxYear:                 in.TaxYear,
			ExpectedRefundCents:     in.ExpectedRefundCents,
			RequestedAmountCents:    in.RequestedAmountCents,
			RTAccountRef:            in.RTAccountRef,
			DestinationAccountToken: in.DestinationAccountToken,
			Status:                  domain.StatusSubmitted,
			IRSStatus:               domain.IRSPending,
		}
		if err := s.Applications.Create(ctx, &app); err != nil {
			return err
		}
		result = service.SubmitResult{ApplicationID: app.ID, Status: app.Status}
		return nil
	})
	if err != nil {
		return service.SubmitResult{}, err
	}

	// Enqueue after commit so the worker never sees an uncommitted row. The
	// task id is derived from the application; replays enqueue again, which
	// covers a crash between commit and enqueue.
	if result.Status == domain.StatusSubmitted {
		if err := s.Queue.Underwrite(ctx, result.ApplicationID); err != nil {
			return result, fmt.Errorf("enqueue underwriting: %w", err)
		}
	}
	s.Log.InfoContext(ctx, "application submitted",
		"application_id", result.ApplicationID, "partner_id", in.PartnerID, "replayed", result.Replayed)
	return result, nil
}

// Withdraw cancels an application that has not been decided. Withdrawing an
// already withdrawn application returns it unchanged.
func (s *Service) Withdraw(ctx context.Context, partnerID, applicationID uuid.UUID, reason string) (domain.Application, error) {
	app, err := s.Applications.GetForPartner(ctx, partnerID, applicationID)
	if err != nil {
		return domain.Application{}, err
	}
	moved, err := s.Applications.Withdraw(ctx, app.ID, reason)
	if err != nil {
		return domain.Application{}, err
	}
	if !moved {
		current, err := s.Applications.Get(ctx, app.ID)
		if err != nil {
			return domain.Application{}, err
		}
		if current.Status == domain.StatusWithdrawn {
			return current, nil
		}
		return current, fmt.Errorf("%w: application is %s", domain.ErrInvalidState, current.Status)
	}
	return s.Applications.Get(ctx, app.ID)
}

// Get returns one of the partner's applications.
func (s *Service) Get(ctx context.Context, partnerID, applicationID uuid.UUID) (domain.Application, error) {
	app, err := s.Applications.GetForPartner(ctx, partnerID, applicationID)
	if errors.Is(err, domain.ErrNotFound) {
		return app, fmt.Errorf("application %s: %w", applicationID, err)
	}
	return app, err
}

func (s *Service) customerFrom(in service.SubmitInput) domain.Customer {
	c := in.Customer
	return domain.Customer{
		ID:          uuid.New(),
		PartnerID:   in.PartnerID,
		SSNHash:     s.hashSSN(c.SSN),
		SSNLast4:    c.SSN[len(c.SSN)-4:],
		FirstName:   c.FirstName,
		LastName:    c.LastName,
		Email:       c.Email,
		Phone:       c.Phone,
		DateOfBirth: c.DateOfBirth,
		Address1:    c.Address1,
		City:        c.City,
		State:       c.State,
		PostalCode:  c.PostalCode,
	}
}

func (s *Service) hashSSN(ssn string) string {
	sum := sha256.Sum256([]byte(s.SSNPepper + ssn))
	return hex.EncodeToString(sum[:])
}

// requestHash fingerprints the fields that must match on a replay.
func requestHash(in service.SubmitInput) string {
	h := sha256.New()
	for _, part := range []string{
		in.PartnerID.String(), in.ReturnRef, strconv.Itoa(in.TaxYear),
		strconv.FormatInt(in.RequestedAmountCents, 10), in.Customer.SSN, in.DestinationAccountToken,
	} {
		h.Write([]byte(part))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))
}

// PartnerAuth implements service.Partners over the partner repository.
type PartnerAuth struct {
	Partners repository.Partners
}

var _ service.Partners = PartnerAuth{}

// Authenticate resolves a partner from its API key. Keys are stored hashed.
func (a PartnerAuth) Authenticate(ctx context.Context, apiKey string) (domain.Partner, error) {
	if apiKey == "" {
		return domain.Partner{}, domain.ErrUnauthorized
	}
	sum := sha256.Sum256([]byte(apiKey))
	return a.Partners.ByAPIKeyHash(ctx, hex.EncodeToString(sum[:]))
}

// ByCode resolves an active partner by its short code.
func (a PartnerAuth) ByCode(ctx context.Context, code string) (domain.Partner, error) {
	return a.Partners.ByCode(ctx, code)
}
