package service

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
	"go.uber.org/zap"

	"github.com/trustwell/settlements/internal/domain"
	"github.com/trustwell/settlements/internal/idempotency"
	"github.com/trustwell/settlements/internal/ledger"
	"github.com/trustwell/settlements/internal/money"
	"github.com/trustwell/settlements/internal/platform/db"
	"github.com/trustwell/settlements/internal/repository"
)

// TrustService handles direct trust-ledger operations by the trust
// accountant, and the periodic reconciliation.
type TrustService interface {
	Transfer(ctx context.Context, in TransferInput) (*repository.TrustTransfer, error)
	Adjust(ctx context.Context, in AdjustmentInput) (*AdjustmentResult, bool, error)
	Reconcile(ctx context.Context, asOf time.Time) (*repository.TrialBalance, error)
}

// TransferInput moves client funds between two settlements.
type TransferInput struct {
	FromSettlementID string      `json:"from_settlement_id"`
	ToSettlementID   string      `json:"to_settlement_id"`
	AmountCents      money.Cents `json:"amount_cents"`
	Reason           string      `json:"reason"`
	Actor            string      `json:"-"`
}

// AdjustmentInput is a manual correcting journal.
type AdjustmentInput struct {
	SettlementID *string       `json:"settlement_id"`
	Memo         string        `json:"memo"`
	Lines        []ledger.Line `json:"lines"`

	Actor          string `json:"-"`
	IdempotencyKey string `json:"-"`
	RequestHash    string `json:"-"`
}

// AdjustmentResult is returned for an adjustment, and replayed verbatim for
// a repeated Idempotency-Key.
type AdjustmentResult struct {
	JournalID string        `json:"journal_id"`
	PostedAt  time.Time     `json:"posted_at"`
	Lines     []ledger.Line `json:"lines"`
}

const adjustmentScope = "ledger.adjustment"

type trustService struct {
	db          *sqlx.DB
	tx          db.TxManager
	settlements SettlementRepository
	records     LedgerRepository
	book        Poster
	idem        *idempotency.Store
	log         *zap.Logger
	newID       func() string
	now         func() time.Time
}

// NewTrustService builds the TrustService.
func NewTrustService(d Deps) *trustService {
	return &trustService{
		db:          d.DB,
		tx:          d.Tx,
		settlements: d.Settlements,
		records:     d.LedgerRecords,
		book:        d.Book,
		idem:        d.Idempotency,
		log:         d.Log.Named("trust"),
		newID:       d.IDs.Func("ttr"),
		now:         clock,
	}
}

func (s *trustService) Transfer(ctx context.Context, in TransferInput) (*repository.TrustTransfer, error) {
	switch {
	case in.FromSettlementID == "" || in.ToSettlementID == "":
		return nil, domain.Invalid("settlement", "both from and to settlements are required")
	case in.FromSettlementID == in.ToSettlementID:
		return nil, domain.Invalid("to_settlement_id", "must differ from from_settlement_id")
	case in.AmountCents <= 0:
		return nil, domain.Invalid("amount_cents", "must be positive")
	case strings.TrimSpace(in.Reason) == "":
		return nil, domain.Invalid("reason", "is required")
	}
	var out *repository.TrustTransfer
	err := s.tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		// Lock in id order so two opposite transfers cannot deadlock.
		ids := []string{in.FromSettlementID, in.ToSettlementID}
		sort.Strings(ids)
		for _, id := range ids {
			st, err := s.settlements.GetForUpdate(ctx, tx, id)
			if err != nil {
				return err
			}
			if st.Status == domain.SettlementClosed {
				return domainStateErr(fmt.Sprintf("settlement %s is closed", id))
			}
		}
		available, err := s.book.Available(ctx, tx, domain.FundsAccount(in.FromSettlementID))
		if err != nil {
			return err
		}
		if available < in.AmountCents {
			return fmt.Errorf("%w: %s holds %s", domain.ErrInsufficientFunds, in.FromSettlementID, available)
		}
		j := ledger.TrustTransfer(in.FromSettlementID, in.ToSettlementID, in.AmountCents, in.Reason).By(in.Actor)
		if _, err := s.book.Post(ctx, tx, j); err != nil {
			return err
		}
		t := &repository.TrustTransfer{
			ID:               s.newID(),
			FromSettlementID: in.FromSettlementID,
			ToSettlementID:   in.ToSettlementID,
			AmountCents:      in.AmountCents,
			Reason:           in.Reason,
			JournalID:        j.ID,
			CreatedBy:        in.Actor,
			CreatedAt:        s.now(),
		}
		if err := s.records.InsertTrustTransfer(ctx, tx, t); err != nil {
			return err
		}
		out = t
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.log.Info("trust transfer posted",
		zap.String("transfer_id", out.ID),
		zap.String("from", out.FromSettlementID),
		zap.String("to", out.ToSettlementID),
		zap.Int64("amount_cents", int64(out.AmountCents)))
	return out, nil
}

// Adjust posts a correcting journal. The Idempotency-Key is claimed in the
// same transaction as the journal, so the pair commits or rolls back as one.
func (s *trustService) Adjust(ctx context.Context, in AdjustmentInput) (*AdjustmentResult, bool, error) {
	if in.IdempotencyKey == "" {
		return nil, false, domain.Invalid("Idempotency-Key", "header is required")
	}
	if strings.TrimSpace(in.Memo) == "" {
		return nil, false, domain.Invalid("memo", "is required")
	}
	var (
		out      *AdjustmentResult
		replayed bool
	)
	err := s.tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		rec, err := s.idem.ClaimTx(ctx, tx, adjustmentScope, in.IdempotencyKey, in.RequestHash)
		if err != nil {
			return err
		}
		if rec != nil {
			var prev AdjustmentResult
			if err := json.Unmarshal(rec.ResponseBody, &prev); err != nil {
				return fmt.Errorf("decode stored adjustment: %w", err)
			}
			out, replayed = &prev, true
			return nil
		}

		j := ledger.NewJournal(ledger.SourceAdjustment, in.Memo).By(in.Actor)
		if in.SettlementID != nil {
			j.ForSettlement(*in.SettlementID)
		}
		j.Lines = in.Lines
		if _, err := s.book.Post(ctx, tx, j); err != nil {
			return err
		}
		out = &AdjustmentResult{JournalID: j.ID, PostedAt: j.PostedAt, Lines: j.Lines}
		body, err := json.Marshal(out)
		if err != nil {
			return err
		}
		return s.idem.CompleteTx(ctx, tx, adjustmentScope, in.IdempotencyKey, 201, body)
	})
	if err != nil {
		return nil, false, err
	}
	return out, replayed, nil
}

// Reconcile computes the trial balance as of the start of asOf's next day
// and stores it as that day's snapshot; rerunning a day overwrites it.
func (s *trustService) Reconcile(ctx context.Context, asOf time.Time) (*repository.TrialBalance, error) {
	day := time.Date(asOf.Year(), asOf.Month(), asOf.Day(), 0, 0, 0, 0, time.UTC)
	tb, err := s.records.TrialBalance(ctx, day.AddDate(0, 0, 1))
	if err != nil {
		return nil, err
	}
	if err := s.records.UpsertSnapshot(ctx, day, tb, s.now()); err != nil {
		return nil, err
	}
	if diff := tb.TrustCash - tb.ClientLiability; diff != 0 || tb.UnbalancedJournals > 0 {
		s.log.Error("trust ledger out of balance",
			zap.Time("as_of", day),
			zap.Int64("difference_cents", int64(diff)),
			zap.Int("unbalanced_journals", tb.UnbalancedJournals))
	}
	return tb, nil
}
