// Package warranty files warranty claims with the insurer and applies the
// insurer's decisions.
package warranty

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/google/wire"

	"github.com/tradeloop/homeservices/internal/domain"
	"github.com/tradeloop/homeservices/internal/platform/ids"
	"github.com/tradeloop/homeservices/internal/platform/queue"
	"github.com/tradeloop/homeservices/internal/provider/insurer"
	"github.com/tradeloop/homeservices/internal/service/notify"
	"github.com/tradeloop/homeservices/internal/store"
)

// ProviderSet provides the warranty Service.
var ProviderSet = wire.NewSet(NewService)

// Service implements warranty claims.
type Service struct {
	uow      store.UnitOfWork
	repos    *store.Repos
	insurer  insurer.API
	queue    queue.Enqueuer
	notifier notify.Notifier
	handlers map[string]func(context.Context, insurer.Event) error
	now      func() time.Time
}

// NewService builds a Service.
func NewService(
	uow store.UnitOfWork,
	repos *store.Repos,
	api insurer.API,
	q queue.Enqueuer,
	notifier notify.Notifier,
) *Service {
	s := &Service{uow: uow, repos: repos, insurer: api, queue: q, notifier: notifier, now: time.Now}
	s.handlers = map[string]func(context.Context, insurer.Event) error{
		insurer.EventClaimAuthorized: s.onClaimAuthorized,
		insurer.EventClaimApproved:   s.onClaimApproved,
		insurer.EventClaimRejected:   s.onClaimRejected,
	}
	return s
}

// FileClaimInput is a customer's warranty claim.
type FileClaimInput struct {
	JobID          string
	CustomerID     string
	Description    string
	IdempotencyKey string
}

func (in FileClaimInput) hash() string {
	sum := sha256.Sum256([]byte(in.JobID + "|" + in.CustomerID + "|" + in.Description))
	return hex.EncodeToString(sum[:])
}

const claimScope = "warranty_claims"

// FileClaim records a claim under the caller's idempotency key and queues
// its submission to the insurer.
func (s *Service) FileClaim(ctx context.Context, in FileClaimInput) (*domain.WarrantyClaim, error) {
	if in.IdempotencyKey == "" {
		return nil, domain.Invalidf("Idempotency-Key header is required")
	}
	var claim *domain.WarrantyClaim
	err := s.uow.Do(ctx, func(ctx context.Context, tx *store.Repos) error {
		claimed, err := tx.Idempotency.Claim(ctx, claimScope, in.IdempotencyKey, in.hash())
		if err != nil {
			return err
		}
		if !claimed {
			rec, err := tx.Idempotency.Get(ctx, claimScope, in.IdempotencyKey)
			if err != nil {
				return err
			}
			if rec.RequestHash != in.hash() || rec.ResourceID == nil {
				return domain.Conflictf("idempotency key reused with a different request")
			}
			claim, err = tx.Claims.Get(ctx, *rec.ResourceID)
			return err
		}

		job, err := tx.Jobs.Get(ctx, in.JobID)
		if err != nil {
			return err
		}
		if job.CustomerID != in.CustomerID {
			return domain.ErrForbidden
		}
		if job.WarrantyPolicyRef == nil {
			return domain.Invalidf("job %s is not covered by a warranty policy", in.JobID)
		}
		now := s.now()
		claim = &domain.WarrantyClaim{
			ID:          ids.New(),
			JobID:       job.ID,
			CustomerID:  in.CustomerID,
			PolicyRef:   *job.WarrantyPolicyRef,
			Description: in.Description,
			Status:      domain.ClaimDraft,
			CreatedAt:   now,
			UpdatedAt:   now,
		}
		if err := tx.Claims.Insert(ctx, claim); err != nil {
			return err
		}
		return tx.Idempotency.Complete(ctx, claimScope, in.IdempotencyKey, claim.ID, 201, nil)
	})
	if err != nil {
		return nil, err
	}

	if claim.Status == domain.ClaimDraft {
		task, err := queue.NewTask(queue.TypeSubmitWarrantyClaim, queue.SubmitWarrantyClaim{ClaimID: claim.ID})
		if err != nil {
			return nil, err
		}
		if err := s.queue.Enqueue(ctx, task, queue.WithDedupKey("warranty-submit:"+claim.ID)); err != nil {
			return nil, err
		}
	}
	return claim, nil
}

// SubmitClaim opens the claim with the insurer.
func (s *Service) SubmitClaim(ctx context.Context, claimID string) error {
	claim, err := s.repos.Claims.Get(ctx, claimID)
	if err != nil {
		return err
	}
	if claim.InsurerClaimRef != nil {
		return nil
	}
	job, err := s.repos.Jobs.Get(ctx, claim.JobID)
	if err != nil {
		return err
	}
	req := insurer.ClaimRequest{
		PolicyNumber:      claim.PolicyRef,
		ExternalReference: claim.ID,
		Trade:             job.Trade,
		Description:       claim.Description,
		ServiceAddress:    job.Address,
		ReportedAt:        claim.CreatedAt,
	}
	if job.AssignedTechnicianID != nil {
		req.ContractorID = *job.AssignedTechnicianID
	}
	res, err := s.insurer.SubmitClaim(ctx, req)
	if err != nil {
		var apiErr *insurer.APIError
		if errors.As(err, &apiErr) && apiErr.Status == 422 {
			return errors.Join(s.repos.Claims.SetStatus(ctx, claim.ID, domain.ClaimRejected), err)
		}
		return fmt.Errorf("warranty: submit claim %s: %w", claim.ID, err)
	}
	return s.repos.Claims.MarkSubmitted(ctx, claim.ID, res.ClaimRef)
}
