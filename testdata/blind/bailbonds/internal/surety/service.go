// Package surety covers the agency's dealings with its insurer: callbacks
// about powers and fees, and the nightly bordereau reconciliation.
package surety

import (
	"context"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/keystonebail/bondline/internal/ledger"
	"github.com/keystonebail/bondline/internal/platform/database"
	"github.com/keystonebail/bondline/internal/providers/suretyapi"
)

// WrittenBond is a bond written on a business date, for the bordereau.
type WrittenBond struct {
	ID              uuid.UUID `db:"id"`
	PowerNumber     *string   `db:"power_number"`
	County          string    `db:"county"`
	CaseNumber      string    `db:"case_number"`
	BailAmountCents int64     `db:"bail_amount_cents"`
	PremiumCents    int64     `db:"premium_cents"`
}

// BondRepository reads and updates bonds for the surety flows.
type BondRepository interface {
	AssignPower(ctx context.Context, db sqlx.ExtContext, bondID uuid.UUID, powerNumber string) (bool, error)
	ListWrittenOn(ctx context.Context, db sqlx.ExtContext, day time.Time) ([]WrittenBond, error)
}

// LedgerStore books ledger lines.
type LedgerStore interface {
	Post(ctx context.Context, db sqlx.ExtContext, e ledger.Entry) error
}

// EventStore remembers which callbacks have been handled.
type EventStore interface {
	Seen(ctx context.Context, db sqlx.ExtContext, source, eventID string) (bool, error)
	Record(ctx context.Context, db sqlx.ExtContext, source, eventID string) error
}

// Service handles surety callbacks and reconciliation.
type Service struct {
	db          *sqlx.DB
	bonds       BondRepository
	ledger      LedgerStore
	events      EventStore
	runs        RunRepository
	submissions SubmissionRepository
	api         BordereauAPI
	loc         *time.Location
	now         func() time.Time
	// CommissionPct is the agency's share of premium; the rest is due to the
	// surety.
	CommissionPct int64
}

// Options groups the Service's collaborators.
type Options struct {
	DB            *sqlx.DB
	Bonds         BondRepository
	Ledger        LedgerStore
	Events        EventStore
	Runs          RunRepository
	Submissions   SubmissionRepository
	API           BordereauAPI
	Location      *time.Location
	CommissionPct int64
}

// NewService wires a Service.
func NewService(o Options) *Service {
	if o.CommissionPct == 0 {
		o.CommissionPct = 80
	}
	return &Service{
		db: o.DB, bonds: o.Bonds, ledger: o.Ledger, events: o.Events, runs: o.Runs,
		submissions: o.Submissions, api: o.API, loc: o.Location, now: time.Now,
		CommissionPct: o.CommissionPct,
	}
}

const eventSource = "surety"

// HandleCallback applies one surety callback.
func (s *Service) HandleCallback(ctx context.Context, evt suretyapi.CallbackEvent) error {
	seen, err := s.events.Seen(ctx, s.db, eventSource, evt.ID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}

	bondID, err := uuid.Parse(evt.BondRef)
	if err != nil {
		slog.WarnContext(ctx, "surety callback for unknown bond ref", "event_id", evt.ID, "bond_ref", evt.BondRef)
		return s.events.Record(ctx, s.db, eventSource, evt.ID)
	}

	switch evt.Type {
	case suretyapi.EventPowerIssued:
		assigned, err := s.bonds.AssignPower(ctx, s.db, bondID, evt.PowerNumber)
		if err != nil {
			return err
		}
		if !assigned {
			slog.InfoContext(ctx, "power already on bond", "bond_id", bondID, "power", evt.PowerNumber)
		}
	case suretyapi.EventFeeAssessed:
		err := database.WithTx(ctx, s.db, func(tx *sqlx.Tx) error {
			return s.ledger.Post(ctx, tx, ledger.Entry{
				BondID:       ledger.Ref(bondID),
				Kind:         ledger.SuretyFee,
				AmountCents:  -evt.AmountCents,
				Reference:    evt.FeeCode,
				BusinessDate: s.now().In(s.loc),
			})
		})
		if err != nil {
			return err
		}
	default:
		slog.InfoContext(ctx, "ignoring surety callback", "type", evt.Type)
	}

	return s.events.Record(ctx, s.db, eventSource, evt.ID)
}
