package service

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
	"go.uber.org/zap"

	"github.com/trustwell/settlements/internal/domain"
	"github.com/trustwell/settlements/internal/money"
	"github.com/trustwell/settlements/internal/platform/db"
)

// LienService records liens, their negotiated resolution, and the checks
// that pay them.
type LienService interface {
	Add(ctx context.Context, settlementID string, in AddLienInput) (*domain.Lien, bool, error)
	Resolve(ctx context.Context, lienID string, in ResolveLienInput) (*domain.Lien, error)
	IssueCheck(ctx context.Context, lienPaymentID string) error
	VoidCheck(ctx context.Context, lienPaymentID, reason, actor string) (*domain.LienPayment, error)
}

// AddLienInput is a lienholder's asserted claim.
type AddLienInput struct {
	ClaimantID      string      `json:"claimant_id"`
	LienholderName  string      `json:"lienholder_name"`
	LienholderRef   string      `json:"lienholder_ref"`
	PayeeLine1      string      `json:"payee_line1"`
	PayeeLine2      string      `json:"payee_line2"`
	PayeeCity       string      `json:"payee_city"`
	PayeeState      string      `json:"payee_state"`
	PayeePostalCode string      `json:"payee_postal_code"`
	AssertedCents   money.Cents `json:"asserted_cents"`
}

// ResolveLienInput is the negotiated final amount.
type ResolveLienInput struct {
	FinalCents money.Cents `json:"final_cents"`
	Actor      string      `json:"-"`
}

type lienService struct {
	db           *sqlx.DB
	tx           db.TxManager
	settlements  SettlementRepository
	claimants    ClaimantRepository
	liens        LienRepository
	allocations  AllocationRepository
	lienPayments LienPaymentRepository
	book         Poster
	checks       CheckPrinter
	log          *zap.Logger
	newID        func() string
	now          func() time.Time
	firm         firmAddress
}

// NewLienService builds the LienService.
func NewLienService(d Deps) *lienService {
	return &lienService{
		db:           d.DB,
		tx:           d.Tx,
		settlements:  d.Settlements,
		claimants:    d.Claimants,
		liens:        d.Liens,
		allocations:  d.Allocations,
		lienPayments: d.LienPayments,
		book:         d.Book,
		checks:       d.Checks,
		log:          d.Log.Named("liens"),
		newID:        d.IDs.Func("lien"),
		now:          clock,
		firm:         defaultFirmAddress,
	}
}

func (s *lienService) Add(ctx context.Context, settlementID string, in AddLienInput) (*domain.Lien, bool, error) {
	in.LienholderRef = strings.TrimSpace(in.LienholderRef)
	switch {
	case in.ClaimantID == "":
		return nil, false, domain.Invalid("claimant_id", "is required")
	case strings.TrimSpace(in.LienholderName) == "":
		return nil, false, domain.Invalid("lienholder_name", "is required")
	case in.LienholderRef == "":
		return nil, false, domain.Invalid("lienholder_ref", "is required")
	case in.AssertedCents <= 0:
		return nil, false, domain.Invalid("asserted_cents", "must be positive")
	case in.PayeeLine1 == "" || in.PayeeCity == "" || in.PayeeState == "" || in.PayeePostalCode == "":
		return nil, false, domain.Invalid("payee", "a full mailing address is required")
	}
	c, err := s.claimants.Get(ctx, s.db, in.ClaimantID)
	if err != nil {
		return nil, false, err
	}
	if c.SettlementID != settlementID {
		return nil, false, domain.Invalid("claimant_id", "claimant is not on this settlement")
	}
	l := &domain.Lien{
		ID:              s.newID(),
		SettlementID:    settlementID,
		ClaimantID:      c.ID,
		LienholderName:  strings.TrimSpace(in.LienholderName),
		LienholderRef:   in.LienholderRef,
		PayeeLine1:      in.PayeeLine1,
		PayeeLine2:      in.PayeeLine2,
		PayeeCity:       in.PayeeCity,
		PayeeState:      in.PayeeState,
		PayeePostalCode: in.PayeePostalCode,
		AssertedCents:   in.AssertedCents,
		Status:          domain.LienAsserted,
		CreatedAt:       s.now(),
	}
	return s.liens.InsertIfAbsent(ctx, s.db, l)
}

// Resolve records the amount a lienholder agreed to accept. Any reduction
// from the amount previously reserved goes back to the claimant's net share.
func (s *lienService) Resolve(ctx context.Context, lienID string, in ResolveLienInput) (*domain.Lien, error) {
	if in.FinalCents < 0 {
		return nil, domain.Invalid("final_cents", "must not be negative")
	}
	l, err := s.liens.Get(ctx, s.db, lienID)
	if err != nil {
		return nil, err
	}
	if l.Status == domain.LienResolved && l.FinalCents != nil && *l.FinalCents == in.FinalCents {
		return l, nil
	}
	if l.Status != domain.LienAsserted && l.Status != domain.LienResolved {
		return nil, domainStateErr(fmt.Sprintf("lien is %s", l.Status))
	}
	if in.FinalCents > l.AssertedCents {
		return nil, domain.Invalid("final_cents", "cannot exceed the asserted amount")
	}
	st, err := s.settlements.Get(ctx, s.db, l.SettlementID)
	if err != nil {
		return nil, err
	}
	switch st.Status {
	case domain.SettlementOpen, domain.SettlementFunded, domain.SettlementAllocated:
	default:
		return nil, domainStateErr("liens are locked once the settlement is approved")
	}

	reduction := l.Payable() - in.FinalCents
	if err := s.liens.SetFinal(ctx, s.db, l.ID, in.FinalCents, s.now()); err != nil {
		return nil, err
	}
	if st.Status == domain.SettlementAllocated && reduction != 0 {
		if err := s.allocations.ReleaseLienReduction(ctx, s.db, l.SettlementID, l.ClaimantID, reduction); err != nil {
			return nil, err
		}
	}
	s.log.Info("lien resolved",
		zap.String("lien_id", l.ID),
		zap.Int64("asserted_cents", int64(l.AssertedCents)),
		zap.Int64("final_cents", int64(in.FinalCents)),
		zap.String("actor", in.Actor))
	return s.liens.Get(ctx, s.db, l.ID)
}

// VoidCheck cancels an uncashed lien check, puts the funds back on the
// settlement's ledger and reopens the lien for a replacement check.
func (s *lienService) VoidCheck(ctx context.Context, lienPaymentID, reason, actor string) (*domain.LienPayment, error) {
	if strings.TrimSpace(reason) == "" {
		return nil, domain.Invalid("reason", "is required")
	}
	p, err := s.lienPayments.Get(ctx, s.db, lienPaymentID)
	if err != nil {
		return nil, err
	}
	switch p.Status {
	case domain.LienPaymentVoided:
		return p, nil
	case domain.LienPaymentIssued, domain.LienPaymentMailed:
	default:
		return nil, domainStateErr(fmt.Sprintf("lien payment is %s", p.Status))
	}
	if p.VendorCheckID != nil {
		if err := s.checks.CancelCheck(ctx, *p.VendorCheckID); err != nil {
			return nil, err
		}
	}
	if err := s.lienPayments.Void(ctx, p, reason); err != nil {
		return nil, err
	}
	err = s.tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		_, err := s.book.Post(ctx, tx, ledgerVoid(p, actor))
		return err
	})
	if err != nil {
		return nil, err
	}
	s.log.Info("lien check voided", zap.String("lien_payment_id", p.ID), zap.String("actor", actor))
	return s.lienPayments.Get(ctx, s.db, p.ID)
}
