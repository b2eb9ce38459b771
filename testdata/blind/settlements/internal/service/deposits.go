package service

import (
	"context"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
	"go.uber.org/zap"

	"github.com/trustwell/settlements/internal/domain"
	"github.com/trustwell/settlements/internal/jobs/args"
	"github.com/trustwell/settlements/internal/ledger"
	"github.com/trustwell/settlements/internal/money"
	"github.com/trustwell/settlements/internal/platform/db"
)

// DepositService records money arriving in the trust account.
type DepositService interface {
	Record(ctx context.Context, settlementID string, in RecordDepositInput) (*domain.Deposit, error)
}

// RecordDepositInput describes an incoming wire as reported by the bank
// portal or entered by the trust accountant.
type RecordDepositInput struct {
	AmountCents   money.Cents `json:"amount_cents"`
	WireReference string      `json:"wire_reference"`
	PayerName     string      `json:"payer_name"`
	ReceivedAt    time.Time   `json:"received_at"`
	Actor         string      `json:"-"`
}

type depositService struct {
	db          *sqlx.DB
	tx          db.TxManager
	settlements SettlementRepository
	deposits    DepositRepository
	book        Poster
	queue       JobQueue
	log         *zap.Logger
	newID       func() string
	now         func() time.Time
}

// NewDepositService builds the DepositService.
func NewDepositService(d Deps) *depositService {
	return &depositService{
		db:          d.DB,
		tx:          d.Tx,
		settlements: d.Settlements,
		deposits:    d.Deposits,
		book:        d.Book,
		queue:       d.Queue,
		log:         d.Log.Named("deposits"),
		newID:       d.IDs.Func("dep"),
		now:         clock,
	}
}

func (s *depositService) Record(ctx context.Context, settlementID string, in RecordDepositInput) (*domain.Deposit, error) {
	if in.AmountCents <= 0 {
		return nil, domain.Invalid("amount_cents", "must be positive")
	}
	if strings.TrimSpace(in.WireReference) == "" {
		return nil, domain.Invalid("wire_reference", "is required")
	}
	if in.ReceivedAt.IsZero() {
		in.ReceivedAt = s.now()
	}
	dep := &domain.Deposit{
		ID:            s.newID(),
		SettlementID:  settlementID,
		AmountCents:   in.AmountCents,
		WireReference: strings.TrimSpace(in.WireReference),
		PayerName:     strings.TrimSpace(in.PayerName),
		ReceivedAt:    in.ReceivedAt.UTC(),
		CreatedBy:     in.Actor,
		CreatedAt:     s.now(),
	}

	err := s.tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		st, err := s.settlements.GetForUpdate(ctx, tx, settlementID)
		if err != nil {
			return err
		}
		if st.Status == domain.SettlementClosing || st.Status == domain.SettlementClosed {
			return domainStateErr("settlement is closed to new deposits")
		}

		j := ledger.DepositReceived(dep).By(in.Actor)
		dep.JournalID = &j.ID
		if err := s.deposits.Insert(ctx, tx, dep); err != nil {
			return err
		}
		if _, err := s.book.Post(ctx, tx, j); err != nil {
			return err
		}
		if err := s.settlements.AddReceived(ctx, tx, st.ID, dep.AmountCents); err != nil {
			return err
		}
		// Fees are earned as money arrives; draw this deposit's share once
		// the deposit is committed.
		if st.FeeRateBps > 0 {
			if _, err := s.queue.EnqueueTx(ctx, tx, args.DrawFees{SettlementID: st.ID, DepositID: dep.ID}, nil); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.log.Info("deposit recorded",
		zap.String("deposit_id", dep.ID),
		zap.String("settlement_id", settlementID),
		zap.Int64("amount_cents", int64(dep.AmountCents)))
	return dep, nil
}
