// Package insurance sells and tracks tenant contents protection underwritten
// by the partner insurer.
package insurance

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/baywarden/storagedesk/internal/domain"
	"github.com/baywarden/storagedesk/internal/platform/ids"
	"github.com/baywarden/storagedesk/internal/platform/retry"
	"github.com/baywarden/storagedesk/internal/provider/insurer"
	"github.com/baywarden/storagedesk/internal/store"
)

// Plan is a coverage tier offered at the counter and online.
type Plan struct {
	Code          string
	CoverageCents int64
}

// Plans are the tiers the partner underwrites for us.
var Plans = map[string]Plan{
	"basic-2k":    {Code: "basic-2k", CoverageCents: 200000},
	"standard-5k": {Code: "standard-5k", CoverageCents: 500000},
	"premium-10k": {Code: "premium-10k", CoverageCents: 1000000},
}

// Store is the policy table.
type Store interface {
	InsertPolicy(ctx context.Context, p domain.Policy) error
	ClaimEnrollment(ctx context.Context, p domain.Policy) (*domain.Policy, error)
	ActivatePolicy(ctx context.Context, id, insurerPolicyID string) error
	ActivePolicy(ctx context.Context, rentalID string) (*domain.Policy, error)
	PolicyByInsurerID(ctx context.Context, insurerPolicyID string) (*domain.Policy, error)
	SetPolicyStatus(ctx context.Context, id, status string) (string, error)
}

// Rentals is what insurance reads about the rental.
type Rentals interface {
	Rental(ctx context.Context, id string) (*domain.Rental, error)
	Customer(ctx context.Context, id string) (*domain.Customer, error)
	Unit(ctx context.Context, id string) (*domain.Unit, error)
	AdjustBalance(ctx context.Context, rentalID string, delta int64) (int64, error)
}

// Ledger posts premiums to the tenant ledger.
type Ledger interface {
	PostEntry(ctx context.Context, e domain.LedgerEntry) error
}

// Partner is the insurer API.
type Partner interface {
	CreatePolicy(ctx context.Context, req insurer.PolicyRequest, opts ...insurer.RequestOption) (*insurer.Policy, error)
	CancelPolicy(ctx context.Context, policyID string, effective time.Time) error
}

// Events records processed partner events.
type Events interface {
	EventSeen(ctx context.Context, provider, eventID string) (bool, error)
	MarkEvent(ctx context.Context, provider, eventID, eventType string) error
}

type Service struct {
	tx      store.TxRunner
	store   Store
	rentals Rentals
	ledger  Ledger
	partner Partner
	events  Events
	log     *slog.Logger
	now     func() time.Time
}

func New(tx store.TxRunner, st Store, rentals Rentals, ledger Ledger, partner Partner, events Events, log *slog.Logger) *Service {
	return &Service{tx: tx, store: st, rentals: rentals, ledger: ledger, partner: partner, events: events, log: log, now: time.Now}
}

type CoverageRequest struct {
	PlanCode string `json:"plan_code" binding:"required"`
}

type requestIDKey struct{}

// WithRequestID stores the inbound request id for partner correlation.
func WithRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, requestIDKey{}, id)
}

func requestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

func (s *Service) policyRequest(ctx context.Context, r *domain.Rental, plan Plan) (insurer.PolicyRequest, error) {
	cust, err := s.rentals.Customer(ctx, r.CustomerID)
	if err != nil {
		return insurer.PolicyRequest{}, err
	}
	unit, err := s.rentals.Unit(ctx, r.UnitID)
	if err != nil {
		return insurer.PolicyRequest{}, err
	}
	return insurer.PolicyRequest{
		TenantRef:     r.ID,
		LocationRef:   unit.FacilityID,
		UnitRef:       unit.Label,
		PlanCode:      plan.Code,
		CoverageCents: plan.CoverageCents,
		StartDate:     s.now().Format(time.DateOnly),
		Holder:        insurer.Holder{Name: cust.FullName, Email: cust.Email, Phone: cust.Phone},
		RequestedAt:   s.now(),
	}, nil
}

// AddCoverage buys a policy for an existing rental.
func (s *Service) AddCoverage(ctx context.Context, rentalID string, req CoverageRequest) (*domain.Policy, error) {
	plan, ok := Plans[req.PlanCode]
	if !ok {
		return nil, fmt.Errorf("unknown plan %q: %w", req.PlanCode, domain.ErrConflict)
	}
	r, err := s.rentals.Rental(ctx, rentalID)
	if err != nil {
		return nil, err
	}
	if !r.Open() {
		return nil, domain.ErrInvalidState
	}
	preq, err := s.policyRequest(ctx, r, plan)
	if err != nil {
		return nil, err
	}
	pol, err := s.partner.CreatePolicy(ctx, preq, insurer.WithCorrelationID(requestID(ctx)))
	if err != nil {
		return nil, fmt.Errorf("create policy: %w", err)
	}
	p := domain.Policy{
		ID:              ids.New("pol"),
		RentalID:        r.ID,
		PlanCode:        plan.Code,
		CoverageCents:   plan.CoverageCents,
		PremiumCents:    pol.PremiumCents,
		InsurerPolicyID: &pol.ID,
		Status:          "active",
	}
	if err := s.store.InsertPolicy(ctx, p); err != nil {
		return nil, err
	}
	return &p, nil
}

// Enroll binds the policy chosen at move-in.
func (s *Service) Enroll(ctx context.Context, rentalID, planCode string) error {
	plan, ok := Plans[planCode]
	if !ok {
		s.log.WarnContext(ctx, "enroll with unknown plan", "rental", rentalID, "plan", planCode)
		return nil
	}
	r, err := s.rentals.Rental(ctx, rentalID)
	if err != nil {
		return err
	}
	key := "enroll-" + r.ID
	p, err := s.store.ClaimEnrollment(ctx, domain.Policy{
		ID:            ids.New("pol"),
		RentalID:      r.ID,
		PlanCode:      plan.Code,
		CoverageCents: plan.CoverageCents,
		EnrollKey:     &key,
	})
	if err != nil {
		return err
	}
	if p.Status != "pending" {
		return nil
	}
	preq, err := s.policyRequest(ctx, r, plan)
	if err != nil {
		return err
	}
	pol, err := retry.Do(ctx, retry.Default, func(ctx context.Context) (*insurer.Policy, error) {
		return s.partner.CreatePolicy(ctx, preq, insurer.WithIdempotencyKey(key))
	})
	if err != nil {
		return fmt.Errorf("enroll policy: %w", err)
	}
	return s.store.ActivatePolicy(ctx, p.ID, pol.ID)
}

// CancelCoverage ends the rental's active policy.
func (s *Service) CancelCoverage(ctx context.Context, rentalID string) error {
	p, err := s.store.ActivePolicy(ctx, rentalID)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if p.InsurerPolicyID != nil {
		if err := s.partner.CancelPolicy(ctx, *p.InsurerPolicyID, s.now()); err != nil {
			return fmt.Errorf("cancel policy: %w", err)
		}
	}
	_, err = s.store.SetPolicyStatus(ctx, p.ID, "cancelled")
	return err
}

// ApplyPartnerEvent applies a policy status or billing notification.
func (s *Service) ApplyPartnerEvent(ctx context.Context, ev *insurer.Event) error {
	seen, err := s.events.EventSeen(ctx, "insurer", ev.ID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	p, err := s.store.PolicyByInsurerID(ctx, ev.PolicyID)
	if errors.Is(err, domain.ErrNotFound) {
		s.log.WarnContext(ctx, "insurer event for unknown policy", "event", ev.ID, "policy", ev.PolicyID)
		return nil
	}
	if err != nil {
		return err
	}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		switch ev.Type {
		case "policy.status_changed":
			prev, err := s.store.SetPolicyStatus(ctx, p.ID, ev.Status)
			if err != nil {
				return err
			}
			s.log.InfoContext(ctx, "policy status", "policy", p.ID, "from", prev, "to", ev.Status)
			return nil
		case "policy.premium_billed":
			period := ev.Period
			if err := s.ledger.PostEntry(ctx, domain.LedgerEntry{
				ID:          ids.New("led"),
				RentalID:    p.RentalID,
				Kind:        domain.LedgerInsurance,
				AmountCents: ev.PremiumCents,
				Period:      &period,
				Ref:         &ev.PolicyID,
				Memo:        "Protection plan " + p.PlanCode + " " + period,
			}); err != nil {
				return err
			}
			_, err := s.rentals.AdjustBalance(ctx, p.RentalID, ev.PremiumCents)
			return err
		default:
			s.log.InfoContext(ctx, "ignored insurer event", "type", ev.Type)
			return nil
		}
	})
	if err != nil {
		return err
	}
	return s.events.MarkEvent(ctx, "insurer", ev.ID, ev.Type)
}
