package service

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/ironkettle/taproute/internal/config"
	"github.com/ironkettle/taproute/internal/domain"
	"github.com/ironkettle/taproute/internal/provider/taxportal"
	"github.com/ironkettle/taproute/internal/store"
)

// ExciseService prepares and files monthly state excise returns.
type ExciseService struct {
	db        store.Querier
	tx        store.TxRunner
	orders    OrderStore
	products  ProductStore
	filings   ExciseStore
	portal    TaxPortal
	state     string
	rateCents int64
	now       Clock
	newUUID   func() uuid.UUID
}

// NewExciseService constructs an ExciseService.
func NewExciseService(cfg config.Config, db store.Querier, tx store.TxRunner, orders OrderStore, products ProductStore,
	filings ExciseStore, portal TaxPortal, now Clock) *ExciseService {
	return &ExciseService{
		db: db, tx: tx, orders: orders, products: products, filings: filings, portal: portal,
		state: cfg.ExciseState, rateCents: cfg.ExciseRateCentsPerBBL, now: now, newUUID: uuid.New,
	}
}

// CreateFilingInput names the month to prepare.
type CreateFilingInput struct {
	Month string `json:"month"` // YYYY-MM
}

// CreateFiling computes taxable barrels shipped in the month and stores a
// draft return for review.
func (s *ExciseService) CreateFiling(ctx context.Context, in CreateFilingInput) (domain.ExciseFiling, error) {
	start, err := time.Parse("2006-01", in.Month)
	if err != nil {
		return domain.ExciseFiling{}, fmt.Errorf("month must be YYYY-MM: %w", domain.ErrInvalid)
	}
	end := start.AddDate(0, 1, 0)
	if !s.now().After(end) {
		return domain.ExciseFiling{}, fmt.Errorf("month %s has not closed: %w", in.Month, domain.ErrInvalid)
	}
	barrels, err := s.taxableBarrels(ctx, start, end)
	if err != nil {
		return domain.ExciseFiling{}, err
	}
	f := domain.ExciseFiling{
		ID:          s.newUUID(),
		State:       s.state,
		PeriodStart: start,
		PeriodEnd:   end.AddDate(0, 0, -1),
		Barrels:     barrels,
		TaxCents:    int64(math.Round(barrels * float64(s.rateCents))),
		Status:      "draft",
	}
	if err := s.filings.InsertFiling(ctx, s.db, f); err != nil {
		return domain.ExciseFiling{}, err
	}
	return f, nil
}

func (s *ExciseService) taxableBarrels(ctx context.Context, from, to time.Time) (float64, error) {
	lines, err := s.orders.ListDeliveredLines(ctx, s.db, from, to, "")
	if err != nil {
		return 0, err
	}
	bbl, err := s.products.BarrelsBySKU(ctx, s.db)
	if err != nil {
		return 0, err
	}
	var total float64
	for _, l := range lines {
		total += float64(l.Qty) * bbl[l.SKU]
	}
	// The portal takes barrels to four decimal places.
	return math.Round(total*10000) / 10000, nil
}

// Get loads a filing.
func (s *ExciseService) Get(ctx context.Context, id uuid.UUID) (domain.ExciseFiling, error) {
	f, err := s.filings.GetFiling(ctx, s.db, id)
	return f, mapNotFound(err, "filing")
}

// Submit files a draft return with the state portal.
func (s *ExciseService) Submit(ctx context.Context, id uuid.UUID, preparedBy string) (domain.ExciseFiling, error) {
	f, err := s.Get(ctx, id)
	if err != nil {
		return domain.ExciseFiling{}, err
	}
	switch f.Status {
	case "submitted", "accepted":
		return f, nil
	case "draft", "submitting":
	default:
		return domain.ExciseFiling{}, fmt.Errorf("filing %s is %s: %w", id, f.Status, domain.ErrInvalidState)
	}
	if err := s.filings.SetFilingStatus(ctx, s.db, id, "submitting"); err != nil {
		return domain.ExciseFiling{}, err
	}
	receipt, err := s.portal.SubmitReturn(ctx, taxportal.Return{
		PeriodStart:    f.PeriodStart.Format(time.DateOnly),
		PeriodEnd:      f.PeriodEnd.Format(time.DateOnly),
		BarrelsTaxable: f.Barrels,
		TaxDueCents:    f.TaxCents,
		PreparedBy:     preparedBy,
	})
	if err != nil {
		return domain.ExciseFiling{}, fmt.Errorf("submit filing %s: %w", id, err)
	}
	at := s.now()
	if err := s.filings.MarkSubmitted(ctx, s.db, id, receipt.ConfirmationNumber, at); err != nil {
		return domain.ExciseFiling{}, err
	}
	f.Status = "submitted"
	f.ConfirmationNumber = receipt.ConfirmationNumber
	f.SubmittedAt = &at
	return f, nil
}

// AmendInput corrects the barrels on a filed return.
type AmendInput struct {
	Reason       string  `json:"reason"`
	BarrelsDelta float64 `json:"barrels_delta"`
}

// Amend files an amendment against a submitted return and records it.
func (s *ExciseService) Amend(ctx context.Context, id uuid.UUID, in AmendInput) (domain.ExciseAmendment, error) {
	if in.Reason == "" || in.BarrelsDelta == 0 {
		return domain.ExciseAmendment{}, fmt.Errorf("reason and non-zero barrels_delta are required: %w", domain.ErrInvalid)
	}
	f, err := s.Get(ctx, id)
	if err != nil {
		return domain.ExciseAmendment{}, err
	}
	if f.Status != "submitted" && f.Status != "accepted" {
		return domain.ExciseAmendment{}, fmt.Errorf("filing %s is %s: %w", id, f.Status, domain.ErrInvalidState)
	}
	taxDelta := int64(math.Round(in.BarrelsDelta * float64(s.rateCents)))
	rcpt, err := s.portal.FileAmendment(ctx, f.ConfirmationNumber, taxportal.Amendment{
		Reason:        in.Reason,
		BarrelsDelta:  in.BarrelsDelta,
		TaxDeltaCents: taxDelta,
	})
	if err != nil {
		return domain.ExciseAmendment{}, fmt.Errorf("amend filing %s: %w", id, err)
	}
	a := domain.ExciseAmendment{
		ID:            s.newUUID(),
		FilingID:      f.ID,
		Reason:        in.Reason,
		BarrelsDelta:  in.BarrelsDelta,
		TaxDeltaCents: taxDelta,
		PortalRef:     rcpt.AmendmentID,
	}
	err = s.tx.InTx(ctx, func(tx pgx.Tx) error {
		return s.filings.InsertAmendment(ctx, tx, a)
	})
	return a, err
}

// HandlePortalEvent applies an accepted/rejected notification from the
// portal. The event id is recorded in the same transaction as the status
// change, so a resent notification is a no-op.
func (s *ExciseService) HandlePortalEvent(ctx context.Context, evt taxportal.Event) error {
	var status string
	switch evt.Type {
	case "return.accepted":
		status = "accepted"
	case "return.rejected":
		status = "rejected"
	default:
		return nil
	}
	return s.tx.InTx(ctx, func(tx pgx.Tx) error {
		fresh, err := s.filings.RecordPortalEvent(ctx, tx, evt.EventID, nil, evt.Type)
		if err != nil || !fresh {
			return err
		}
		_, err = s.filings.SetOutcomeByConfirmation(ctx, tx, evt.ConfirmationNumber, status, evt.Reason)
		if err != nil {
			return mapNotFound(err, "filing for confirmation "+evt.ConfirmationNumber)
		}
		return nil
	})
}
