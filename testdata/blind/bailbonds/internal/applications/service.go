package applications

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/keystonebail/bondline/internal/platform/apperr"
	"github.com/keystonebail/bondline/internal/platform/database"
)

// Repository persists applications and their indemnitors.
type Repository interface {
	Insert(ctx context.Context, db sqlx.ExtContext, a *Application) error
	InsertIndemnitors(ctx context.Context, db sqlx.ExtContext, appID uuid.UUID, ins []Indemnitor) error
	GetForUpdate(ctx context.Context, db sqlx.ExtContext, id uuid.UUID) (*Application, error)
	MarkApproved(ctx context.Context, db sqlx.ExtContext, id uuid.UUID, agentID string, at time.Time) error
}

// BondRepository writes the bond an approval creates.
type BondRepository interface {
	Create(ctx context.Context, db sqlx.ExtContext, b NewBond) error
}

// InvoiceRepository bills premiums.
type InvoiceRepository interface {
	Create(ctx context.Context, db sqlx.ExtContext, inv Invoice) (int64, error)
}

// PremiumRate returns the premium for a bail amount in a county. State
// regulators set the rate (usually 10%, with a county minimum).
type PremiumRate func(county string, bailCents int64) int64

// Service implements application intake and approval.
type Service struct {
	db       *sqlx.DB
	apps     Repository
	bonds    BondRepository
	invoices InvoiceRepository
	premium  PremiumRate
	now      func() time.Time
	payTerms time.Duration
}

// NewService wires a Service.
func NewService(db *sqlx.DB, apps Repository, bonds BondRepository, invoices InvoiceRepository, premium PremiumRate) *Service {
	return &Service{
		db:       db,
		apps:     apps,
		bonds:    bonds,
		invoices: invoices,
		premium:  premium,
		now:      time.Now,
		payTerms: 72 * time.Hour,
	}
}

// Submit records a new application from the portal.
func (s *Service) Submit(ctx context.Context, in SubmitInput) (*Application, error) {
	if err := validate(in); err != nil {
		return nil, err
	}
	app := &Application{
		ID:              uuid.New(),
		DefendantName:   strings.TrimSpace(in.DefendantName),
		DefendantDOB:    in.DefendantDOB,
		DefendantPhone:  in.DefendantPhone,
		DefendantEmail:  strings.ToLower(in.DefendantEmail),
		BookingNumber:   strings.ToUpper(strings.TrimSpace(in.BookingNumber)),
		County:          in.County,
		ChargeSummary:   in.ChargeSummary,
		BailAmountCents: in.BailAmountCents,
		PremiumCents:    s.premium(in.County, in.BailAmountCents),
		Status:          StatusSubmitted,
		SubmittedAt:     s.now().UTC(),
	}
	for _, ii := range in.Indemnitors {
		app.Indemnitors = append(app.Indemnitors, Indemnitor{
			ID:                  uuid.New(),
			ApplicationID:       app.ID,
			FullName:            ii.FullName,
			Phone:               ii.Phone,
			Email:               ii.Email,
			Relationship:        ii.Relationship,
			CheckinIntervalDays: 7,
		})
	}

	err := database.WithTx(ctx, s.db, func(tx *sqlx.Tx) error {
		if err := s.apps.Insert(ctx, tx, app); err != nil {
			return err
		}
		return s.apps.InsertIndemnitors(ctx, tx, app.ID, app.Indemnitors)
	})
	if err != nil {
		return nil, fmt.Errorf("submit application: %w", err)
	}
	return app, nil
}

// Approve writes the bond for a submitted application and bills the premium.
func (s *Service) Approve(ctx context.Context, in ApproveInput) (*Approval, error) {
	var out Approval
	err := database.WithTx(ctx, s.db, func(tx *sqlx.Tx) error {
		app, err := s.apps.GetForUpdate(ctx, tx, in.ApplicationID)
		if err != nil {
			return err
		}
		if app.Status != StatusSubmitted {
			return apperr.Conflict("application %s is %s", app.ID, app.Status)
		}

		now := s.now()
		bond := NewBond{
			ID:              uuid.New(),
			ApplicationID:   app.ID,
			County:          app.County,
			CaseNumber:      in.CaseNumber,
			BailAmountCents: app.BailAmountCents,
			PremiumCents:    app.PremiumCents,
			WrittenOn:       now,
		}
		if err := s.bonds.Create(ctx, tx, bond); err != nil {
			return fmt.Errorf("create bond: %w", err)
		}

		invoiceID, err := s.invoices.Create(ctx, s.db, Invoice{
			ApplicationID: app.ID,
			AmountCents:   app.PremiumCents,
			DueOn:         now.Add(s.payTerms),
		})
		if err != nil {
			return fmt.Errorf("bill premium: %w", err)
		}

		if err := s.apps.MarkApproved(ctx, tx, app.ID, in.AgentID, now); err != nil {
			return err
		}
		out = Approval{ApplicationID: app.ID, BondID: bond.ID, InvoiceID: invoiceID}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}

func validate(in SubmitInput) error {
	if in.DefendantDOB.After(time.Now().AddDate(-16, 0, 0)) {
		return apperr.Invalid("defendant must be at least 16")
	}
	if len(in.Indemnitors) == 0 {
		return apperr.Invalid("at least one indemnitor is required")
	}
	return nil
}

// StandardRate is the filed rate: 10% of bail with a $100 floor, 15% in
// counties the surety rates as high-risk.
func StandardRate(highRisk map[string]bool) PremiumRate {
	return func(county string, bailCents int64) int64 {
		pct := int64(10)
		if highRisk[county] {
			pct = 15
		}
		p := bailCents * pct / 100
		if p < 10000 {
			p = 10000
		}
		return p
	}
}
