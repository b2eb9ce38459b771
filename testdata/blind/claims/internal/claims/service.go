package claims

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/google/uuid"

	"github.com/harborline/claims/internal/events"
	"github.com/harborline/claims/internal/platform/logx"
	"github.com/harborline/claims/internal/platform/txctx"
)

// Service implements the claim lifecycle use cases.
type Service struct {
	tx       TxManager
	repo     Repository
	idem     IdempotencyStore
	outbox   Outbox
	reserves ReserveLedger
	jobs     JobScheduler
	now      func() time.Time
}

// NewService builds a Service.
func NewService(tx TxManager, repo Repository, idem IdempotencyStore, outbox Outbox, reserves ReserveLedger, jobs JobScheduler) *Service {
	return &Service{tx: tx, repo: repo, idem: idem, outbox: outbox, reserves: reserves, jobs: jobs, now: time.Now}
}

// ReportLossCmd is a first notice of loss from the portal or a call centre
// agent.
type ReportLossCmd struct {
	IdempotencyKey        string
	PolicyNumber          string
	LossType              string
	LossDate              time.Time
	Description           string
	ClaimantName          string
	ClaimantEmail         string
	ClaimantStripeAccount string
	AtFaultParty          string
	BrokerWebhookURL      string
}

func (c ReportLossCmd) hash() string {
	k := c
	k.IdempotencyKey = ""
	b, _ := json.Marshal(k)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

const scopeFNOL = "fnol"

// ReportLoss opens a claim. The caller's Idempotency-Key is claimed in the
// same transaction as the claim row, and a replay returns the stored claim.
func (s *Service) ReportLoss(ctx context.Context, cmd ReportLossCmd) (Claim, error) {
	if cmd.IdempotencyKey == "" {
		return Claim{}, fmt.Errorf("%w: idempotency key required", ErrInvalid)
	}
	id := uuid.New()
	var out Claim
	err := txctx.RetryOnConflict(ctx, 3, func() error {
		return s.tx.Do(ctx, func(ctx context.Context) error {
			fresh, rec, err := s.idem.Begin(ctx, scopeFNOL, cmd.IdempotencyKey, cmd.hash())
			if err != nil {
				return err
			}
			if !fresh {
				if rec.RequestHash != cmd.hash() {
					return ErrIdempotencyMismatch
				}
				return json.Unmarshal(rec.Body, &out)
			}
			c := Claim{
				ID:                    id,
				Number:                NumberFor(id, cmd.LossDate),
				PolicyNumber:          cmd.PolicyNumber,
				Source:                "portal",
				Status:                StatusOpen,
				LossType:              cmd.LossType,
				LossDate:              cmd.LossDate,
				Description:           cmd.Description,
				ClaimantName:          cmd.ClaimantName,
				ClaimantEmail:         cmd.ClaimantEmail,
				ClaimantStripeAccount: cmd.ClaimantStripeAccount,
				AtFaultParty:          cmd.AtFaultParty,
				BrokerWebhookURL:      cmd.BrokerWebhookURL,
				CreatedAt:             s.now(),
			}
			if err := s.repo.Create(ctx, c); err != nil {
				return err
			}
			if err := s.outbox.Add(ctx, events.TopicClaimOpened, events.ClaimOpened{
				ClaimID: c.ID, ClaimNumber: c.Number, LossType: c.LossType, Source: c.Source, OpenedAt: c.CreatedAt,
			}); err != nil {
				return err
			}
			body, err := json.Marshal(c)
			if err != nil {
				return err
			}
			out = c
			return s.idem.Complete(ctx, scopeFNOL, cmd.IdempotencyKey, http.StatusCreated, body)
		})
	})
	return out, err
}

// TelematicsFNOL is a crash notification from a telematics provider.
type TelematicsFNOL struct {
	Provider     string
	CrashID      string
	PolicyNumber string
	OccurredAt   time.Time
	DriverName   string
	DriverEmail  string
	Severity     string
}

// OpenFromTelematics opens a claim keyed on the provider's crash id. A
// redelivered notification finds the existing claim and does nothing.
func (s *Service) OpenFromTelematics(ctx context.Context, in TelematicsFNOL) (created bool, err error) {
	id := uuid.New()
	c := Claim{
		ID:            id,
		Number:        NumberFor(id, in.OccurredAt),
		PolicyNumber:  in.PolicyNumber,
		Source:        "telematics:" + in.Provider,
		ExternalRef:   in.CrashID,
		Status:        StatusOpen,
		LossType:      "auto_collision",
		LossDate:      in.OccurredAt,
		Description:   "Crash detected by telematics (severity " + in.Severity + ")",
		ClaimantName:  in.DriverName,
		ClaimantEmail: in.DriverEmail,
		CreatedAt:     s.now(),
	}
	err = s.tx.Do(ctx, func(ctx context.Context) error {
		created, err = s.repo.CreateFromExternal(ctx, c)
		if err != nil || !created {
			return err
		}
		return s.outbox.Add(ctx, events.TopicClaimOpened, events.ClaimOpened{
			ClaimID: c.ID, ClaimNumber: c.Number, LossType: c.LossType, Source: c.Source, OpenedAt: c.CreatedAt,
		})
	})
	return created, err
}

// AssignCmd assigns an adjuster to a claim.
type AssignCmd struct {
	ClaimID    uuid.UUID
	AdjusterID uuid.UUID
	Role       string
	AssignedBy string
}

// AssignAdjuster records the assignment and moves the claim to assigned.
func (s *Service) AssignAdjuster(ctx context.Context, cmd AssignCmd) (Assignment, error) {
	a := Assignment{ClaimID: cmd.ClaimID, AdjusterID: cmd.AdjusterID, Role: cmd.Role, AssignedBy: cmd.AssignedBy}
	err := s.tx.Do(ctx, func(ctx context.Context) error {
		c, err := s.repo.GetForUpdate(ctx, cmd.ClaimID)
		if err != nil {
			return err
		}
		if !c.IsOpen() {
			return ErrClaimClosed
		}
		adj, err := s.repo.GetAdjuster(ctx, cmd.AdjusterID)
		if err != nil {
			return err
		}
		if !adj.Active {
			return ErrAdjusterInactive
		}
		if err := s.repo.AddAssignment(ctx, a); err != nil {
			return err
		}
		if c.Status == StatusOpen {
			if err := s.repo.SetStatus(ctx, c.ID, StatusAssigned); err != nil {
				return err
			}
		}
		return s.outbox.Add(ctx, events.TopicAdjusterAssigned, events.AdjusterAssigned{
			ClaimID: a.ClaimID, AdjusterID: a.AdjusterID, Role: a.Role,
		})
	})
	return a, err
}

// Close closes a claim, releases whatever reserve is still outstanding and,
// for claims with an at-fault third party, schedules subrogation.
func (s *Service) Close(ctx context.Context, id uuid.UUID, reason string) (Claim, error) {
	c, err := s.repo.Get(ctx, id)
	if err != nil {
		return Claim{}, err
	}
	if c.Status == StatusClosed {
		return c, nil
	}
	if err := s.tx.Do(ctx, func(ctx context.Context) error {
		if err := s.repo.MarkClosed(ctx, id, reason); err != nil {
			return err
		}
		return s.outbox.Add(ctx, events.TopicClaimClosed, events.ClaimClosed{ClaimID: id, Reason: reason, ClosedAt: s.now()})
	}); err != nil {
		return Claim{}, err
	}
	if c.ReserveTotalCents > 0 {
		if err := s.reserves.Release(ctx, id, c.ReserveTotalCents, "claim closed: "+reason); err != nil {
			return Claim{}, fmt.Errorf("release reserve: %w", err)
		}
	}
	if c.AtFaultParty != "" {
		if err := s.jobs.ScheduleSubrogation(ctx, id); err != nil {
			return Claim{}, fmt.Errorf("schedule subrogation: %w", err)
		}
	}
	logx.From(ctx).Info("claim closed", "claim_id", id, "released_cents", c.ReserveTotalCents)
	c.Status = StatusClosed
	c.ReserveTotalCents = 0
	return c, nil
}

// ReopenCmd reopens a closed claim with a reinstated reserve.
type ReopenCmd struct {
	ClaimID      uuid.UUID
	ReserveCents int64
	ReopenedBy   string
}

// Reopen flips a closed claim back to reopened and reinstates its reserve in
// one transaction. Reopening a claim that is not closed is a no-op.
func (s *Service) Reopen(ctx context.Context, cmd ReopenCmd) (Claim, error) {
	var out Claim
	err := s.tx.Do(ctx, func(ctx context.Context) error {
		c, err := s.repo.GetForUpdate(ctx, cmd.ClaimID)
		if err != nil {
			return err
		}
		if c.Status != StatusClosed {
			out = c
			return nil
		}
		if err := s.repo.Reopen(ctx, c.ID); err != nil {
			return err
		}
		if cmd.ReserveCents > 0 {
			if err := s.reserves.Reinstate(ctx, c.ID, cmd.ReserveCents, cmd.ReopenedBy); err != nil {
				return err
			}
		}
		c.Status = StatusReopened
		c.ReserveTotalCents += cmd.ReserveCents
		out = c
		return s.outbox.Add(ctx, events.TopicClaimReopened, events.ClaimReopened{ClaimID: c.ID, ReopenedBy: cmd.ReopenedBy})
	})
	return out, err
}

// Get loads a claim.
func (s *Service) Get(ctx context.Context, id uuid.UUID) (Claim, error) {
	return s.repo.Get(ctx, id)
}
