package service

import (
	"context"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
	"go.uber.org/zap"

	"github.com/trustwell/settlements/internal/domain"
	"github.com/trustwell/settlements/internal/money"
	"github.com/trustwell/settlements/internal/platform/db"
)

// SettlementService manages settlements and their claimants' view.
type SettlementService interface {
	Create(ctx context.Context, in CreateSettlementInput) (*domain.Settlement, error)
	Get(ctx context.Context, id string) (*SettlementView, error)
}

// CreateSettlementInput is the payload for opening a settlement.
type CreateSettlementInput struct {
	MatterNumber           string      `json:"matter_number"`
	Caption                string      `json:"caption"`
	GrossAmountCents       money.Cents `json:"gross_amount_cents"`
	FeeRateBps             int         `json:"fee_rate_bps"`
	CostReimbursementCents money.Cents `json:"cost_reimbursement_cents"`
	Actor                  string      `json:"-"`
}

func (in *CreateSettlementInput) validate() error {
	in.MatterNumber = strings.TrimSpace(in.MatterNumber)
	switch {
	case in.MatterNumber == "":
		return domain.Invalid("matter_number", "is required")
	case strings.TrimSpace(in.Caption) == "":
		return domain.Invalid("caption", "is required")
	case in.GrossAmountCents <= 0:
		return domain.Invalid("gross_amount_cents", "must be positive")
	case in.FeeRateBps < 0 || in.FeeRateBps > 5000:
		return domain.Invalid("fee_rate_bps", "must be between 0 and 5000")
	case in.CostReimbursementCents < 0:
		return domain.Invalid("cost_reimbursement_cents", "must not be negative")
	case in.CostReimbursementCents+in.GrossAmountCents.BasisPoints(in.FeeRateBps) > in.GrossAmountCents:
		return domain.Invalid("cost_reimbursement_cents", "fees and costs exceed the gross amount")
	}
	return nil
}

// SettlementView is a settlement with its claimants and money movements.
type SettlementView struct {
	domain.Settlement
	FundsBalance  money.Cents           `json:"funds_balance_cents"`
	Claimants     []domain.Claimant     `json:"claimants"`
	Allocations   []domain.Allocation   `json:"allocations"`
	Disbursements []domain.Disbursement `json:"disbursements"`
	Liens         []domain.Lien         `json:"liens"`
}

type settlementService struct {
	db            *sqlx.DB
	tx            db.TxManager
	settlements   SettlementRepository
	claimants     ClaimantRepository
	allocations   AllocationRepository
	disbursements DisbursementRepository
	liens         LienRepository
	book          Poster
	log           *zap.Logger
	newID         func() string
	now           func() time.Time
}

// NewSettlementService builds the SettlementService.
func NewSettlementService(d Deps) *settlementService {
	return &settlementService{
		db:            d.DB,
		tx:            d.Tx,
		settlements:   d.Settlements,
		claimants:     d.Claimants,
		allocations:   d.Allocations,
		disbursements: d.Disbursements,
		liens:         d.Liens,
		book:          d.Book,
		log:           d.Log.Named("settlements"),
		newID:         d.IDs.Func("stl"),
		now:           clock,
	}
}

func (s *settlementService) Create(ctx context.Context, in CreateSettlementInput) (*domain.Settlement, error) {
	if err := in.validate(); err != nil {
		return nil, err
	}
	st := &domain.Settlement{
		ID:                     s.newID(),
		MatterNumber:           in.MatterNumber,
		Caption:                strings.TrimSpace(in.Caption),
		GrossAmountCents:       in.GrossAmountCents,
		FeeRateBps:             in.FeeRateBps,
		CostReimbursementCents: in.CostReimbursementCents,
		Status:                 domain.SettlementOpen,
		CreatedAt:              s.now(),
	}
	err := s.tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		if err := s.settlements.Create(ctx, tx, st); err != nil {
			return err
		}
		return s.book.OpenSettlementAccounts(ctx, tx, st.ID, st.Caption)
	})
	if err != nil {
		return nil, err
	}
	s.log.Info("settlement opened",
		zap.String("settlement_id", st.ID),
		zap.String("matter", st.MatterNumber),
		zap.String("actor", in.Actor))
	st.UpdatedAt = st.CreatedAt
	return st, nil
}

func (s *settlementService) Get(ctx context.Context, id string) (*SettlementView, error) {
	st, err := s.settlements.Get(ctx, s.db, id)
	if err != nil {
		return nil, err
	}
	v := &SettlementView{Settlement: *st}
	if v.FundsBalance, err = s.book.Available(ctx, s.db, st.FundsAccount()); err != nil {
		return nil, err
	}
	if v.Claimants, err = s.claimants.ListBySettlement(ctx, s.db, id); err != nil {
		return nil, err
	}
	if v.Allocations, err = s.allocations.ListBySettlement(ctx, s.db, id); err != nil {
		return nil, err
	}
	if v.Disbursements, err = s.disbursements.ListBySettlement(ctx, s.db, id); err != nil {
		return nil, err
	}
	if v.Liens, err = s.liens.ListBySettlement(ctx, s.db, id); err != nil {
		return nil, err
	}
	return v, nil
}
