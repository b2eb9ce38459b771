package service

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"go.uber.org/zap"

	"github.com/trustwell/settlements/internal/ledger"
	"github.com/trustwell/settlements/internal/platform/db"
	"github.com/trustwell/settlements/internal/repository"
)

// FeeService draws earned attorney fees out of trust.
type FeeService interface {
	// DrawForDeposit performs the draw. Called by the draw_fees worker.
	DrawForDeposit(ctx context.Context, settlementID, depositID string) error
}

type feeService struct {
	db          *sqlx.DB
	tx          db.TxManager
	settlements SettlementRepository
	deposits    DepositRepository
	records     LedgerRepository
	book        Poster
	log         *zap.Logger
	now         func() time.Time
}

// NewFeeService builds the FeeService.
func NewFeeService(d Deps) *feeService {
	return &feeService{
		db:          d.DB,
		tx:          d.Tx,
		settlements: d.Settlements,
		deposits:    d.Deposits,
		records:     d.LedgerRecords,
		book:        d.Book,
		log:         d.Log.Named("fees"),
		now:         clock,
	}
}

func (s *feeService) DrawForDeposit(ctx context.Context, settlementID, depositID string) error {
	st, err := s.settlements.Get(ctx, s.db, settlementID)
	if err != nil {
		return err
	}
	dep, err := s.deposits.Get(ctx, s.db, depositID)
	if err != nil {
		return err
	}
	if dep.SettlementID != st.ID {
		return fmt.Errorf("deposit %s does not belong to settlement %s", dep.ID, st.ID)
	}
	fee := dep.AmountCents.BasisPoints(st.FeeRateBps)
	if fee <= 0 {
		return nil
	}

	return s.tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		j := ledger.FeeDraw(st.ID, fee, fmt.Sprintf("fee draw %d bps on deposit %s", st.FeeRateBps, dep.ID))
		if _, err := s.book.Post(ctx, tx, j); err != nil {
			return err
		}
		if err := s.records.InsertFeeTransfer(ctx, tx, &repository.FeeTransfer{
			ID:           j.ID,
			SettlementID: st.ID,
			DepositID:    dep.ID,
			AmountCents:  fee,
			JournalID:    j.ID,
			CreatedAt:    s.now(),
		}); err != nil {
			return err
		}
		s.log.Info("fee drawn",
			zap.String("settlement_id", st.ID),
			zap.String("deposit_id", dep.ID),
			zap.Int64("fee_cents", int64(fee)))
		return nil
	})
}
