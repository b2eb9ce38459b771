package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/lumen-gift/giftcards/internal/db"
	"github.com/lumen-gift/giftcards/internal/ids"
	"github.com/lumen-gift/giftcards/internal/repo"
	"github.com/lumen-gift/giftcards/internal/store"
	"github.com/lumen-gift/giftcards/internal/tasks"
)

type RedeemInput struct {
	MerchantID  string `json:"merchant_id"`
	TerminalID  string `json:"terminal_id"`
	CardCode    string `json:"card_code"`
	PosTxnID    string `json:"pos_txn_id"`
	AmountCents int64  `json:"amount_cents"`
}

type RedeemResult struct {
	RedemptionID     string `json:"redemption_id"`
	AmountCents      int64  `json:"amount_cents"`
	RemainingBalance int64  `json:"remaining_balance_cents"`
	Currency         string `json:"currency"`
}

type RefundRedemptionResult struct {
	RedemptionID string `json:"redemption_id"`
	Status       string `json:"status"`
	BalanceCents int64  `json:"balance_cents"`
}

type ReversalInput struct {
	MerchantID  string
	PosTxnID    string
	AmountCents int64
	Reason      string
}

type ReversalResult struct {
	ReversalID   string `json:"reversal_id"`
	RedemptionID string `json:"redemption_id"`
	PosTxnID     string `json:"pos_txn_id"`
	AmountCents  int64  `json:"amount_cents"`
	Applied      bool   `json:"-"`
}

// RedeemOption customises a single Redeem call.
type RedeemOption func(*redeemConfig)

type redeemConfig struct {
	outbox bool
	source string
}

// WithMerchantNotification writes a redemption.created event to the webhook
// outbox in the redemption transaction.
func WithMerchantNotification() RedeemOption {
	return func(c *redeemConfig) { c.outbox = true }
}

// WithSource tags log lines with the ingress path.
func WithSource(src string) RedeemOption {
	return func(c *redeemConfig) { c.source = src }
}

type Redemptions interface {
	Redeem(ctx context.Context, in RedeemInput, opts ...RedeemOption) (*RedeemResult, error)
	RefundRedemption(ctx context.Context, merchantID, redemptionID string) (*RefundRedemptionResult, error)
	Reverse(ctx context.Context, in ReversalInput) (*ReversalResult, error)
}

type redemptionService struct {
	st          *store.Store
	cards       repo.Cards
	redemptions repo.Redemptions
	jobs        tasks.Inserter
	now         func() time.Time
	log         *slog.Logger
}

func NewRedemptions(st *store.Store, cards repo.Cards, redemptions repo.Redemptions, jobs tasks.Inserter, log *slog.Logger) Redemptions {
	return &redemptionService{st: st, cards: cards, redemptions: redemptions, jobs: jobs, now: time.Now, log: log}
}

func (s *redemptionService) Redeem(ctx context.Context, in RedeemInput, opts ...RedeemOption) (*RedeemResult, error) {
	cfg := redeemConfig{source: "api"}
	for _, o := range opts {
		o(&cfg)
	}
	if in.AmountCents <= 0 {
		return nil, invalid("amount_cents", "must be positive")
	}

	var res RedeemResult
	err := s.st.InTx(ctx, func(ctx context.Context, q *db.Queries, tx pgx.Tx) error {
		card, err := q.GetCardByCodeForUpdate(ctx, in.CardCode)
		if store.IsNotFound(err) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		if card.Status != "active" {
			return ErrCardNotActive
		}
		if !card.ExpiresAt.After(s.now()) {
			return ErrCardExpired
		}
		remaining, err := q.DebitCard(ctx, db.DebitCardParams{ID: card.ID, Amount: in.AmountCents})
		if store.IsNotFound(err) {
			return ErrInsufficientFunds
		}
		if err != nil {
			return err
		}
		red, err := q.CreateRedemption(ctx, db.CreateRedemptionParams{
			ID:          ids.New("rdm"),
			CardID:      card.ID,
			MerchantID:  in.MerchantID,
			TerminalID:  in.TerminalID,
			PosTxnID:    in.PosTxnID,
			AmountCents: in.AmountCents,
		})
		if err != nil {
			return fmt.Errorf("insert redemption: %w", err)
		}
		if err := q.InsertLedgerEntry(ctx, db.InsertLedgerEntryParams{
			ID: ids.Derive("led", red.ID), CardID: card.ID, EntryType: "redeem", AmountCents: -in.AmountCents, Ref: red.ID,
		}); err != nil {
			return err
		}
		res = RedeemResult{RedemptionID: red.ID, AmountCents: red.AmountCents, RemainingBalance: remaining, Currency: card.Currency}

		if cfg.outbox {
			return enqueueMerchantEvent(ctx, q, tx, s.jobs, in.MerchantID, "redemption.created", red.ID, res)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.log.InfoContext(ctx, "card redeemed", "redemption_id", res.RedemptionID, "merchant_id", in.MerchantID, "source", cfg.source)
	return &res, nil
}

// RefundRedemption puts a redemption's amount back on the card, e.g. when
// goods bought with the card are returned.
func (s *redemptionService) RefundRedemption(ctx context.Context, merchantID, redemptionID string) (*RefundRedemptionResult, error) {
	red, err := s.redemptions.Get(ctx, redemptionID)
	if store.IsNotFound(err) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	if red.MerchantID != merchantID {
		return nil, ErrMerchantMismatched
	}
	switch red.Status {
	case "refunded":
		card, err := s.cards.Get(ctx, red.CardID)
		if err != nil {
			return nil, err
		}
		return &RefundRedemptionResult{RedemptionID: red.ID, Status: red.Status, BalanceCents: card.BalanceCents}, nil
	case "completed":
	default:
		return nil, fmt.Errorf("%w: redemption is %s", ErrInvalidState, red.Status)
	}

	balance, err := s.cards.Credit(ctx, red.CardID, red.AmountCents, "refund", red.ID)
	if err != nil {
		return nil, fmt.Errorf("credit card: %w", err)
	}
	ok, err := s.redemptions.MarkRefunded(ctx, red.ID)
	if err != nil {
		return nil, fmt.Errorf("mark refunded: %w", err)
	}
	if !ok {
		s.log.WarnContext(ctx, "redemption changed state during refund", "redemption_id", red.ID)
	}
	return &RefundRedemptionResult{RedemptionID: red.ID, Status: "refunded", BalanceCents: balance}, nil
}

// Reverse voids a redemption the terminal could not complete (e.g. the sale
// was cancelled after authorisation). The reversal is keyed on the
// terminal's transaction id, so replays return the original reversal.
func (s *redemptionService) Reverse(ctx context.Context, in ReversalInput) (*ReversalResult, error) {
	res := &ReversalResult{ReversalID: ids.Derive("rev", in.MerchantID, in.PosTxnID), PosTxnID: in.PosTxnID}
	err := s.st.InTx(ctx, func(ctx context.Context, q *db.Queries, _ pgx.Tx) error {
		prev, err := q.GetReversalByPosTxn(ctx, db.GetReversalByPosTxnParams{MerchantID: in.MerchantID, PosTxnID: in.PosTxnID})
		if err == nil {
			res.ReversalID, res.RedemptionID, res.AmountCents = prev.ID, prev.RedemptionID, prev.AmountCents
			return nil
		}
		if !store.IsNotFound(err) {
			return err
		}

		red, err := q.GetRedemptionByPosTxn(ctx, db.GetRedemptionByPosTxnParams{MerchantID: in.MerchantID, PosTxnID: in.PosTxnID})
		if store.IsNotFound(err) {
			return errNoRedemption
		}
		if err != nil {
			return err
		}
		if in.AmountCents != 0 && in.AmountCents != red.AmountCents {
			return fmt.Errorf("%w: reversal amount %d does not match redemption %d", ErrConflict, in.AmountCents, red.AmountCents)
		}
		res.RedemptionID, res.AmountCents = red.ID, red.AmountCents

		n, err := q.InsertReversal(ctx, db.InsertReversalParams{
			ID:           res.ReversalID,
			RedemptionID: red.ID,
			MerchantID:   in.MerchantID,
			PosTxnID:     in.PosTxnID,
			AmountCents:  red.AmountCents,
		})
		if err != nil || n == 0 {
			return err
		}
		res.Applied = true
		if _, err := q.MarkRedemptionReversed(ctx, red.ID); err != nil {
			return err
		}
		if _, err := q.CreditCard(ctx, db.CreditCardParams{ID: red.CardID, Amount: red.AmountCents}); err != nil {
			return fmt.Errorf("credit card: %w", err)
		}
		return q.InsertLedgerEntry(ctx, db.InsertLedgerEntryParams{
			ID: ids.Derive("led", res.ReversalID), CardID: red.CardID, EntryType: "reversal", AmountCents: red.AmountCents, Ref: res.ReversalID,
		})
	})
	if errors.Is(err, errNoRedemption) {
		return nil, fmt.Errorf("%w: %s/%s", ErrNotFound, in.MerchantID, in.PosTxnID)
	}
	if err != nil {
		return nil, err
	}
	return res, nil
}

func enqueueMerchantEvent(ctx context.Context, q *db.Queries, tx pgx.Tx, jobs tasks.Inserter, merchantID, eventType, subjectID string, payload any) error {
	body, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	outboxID := ids.Derive("obx", subjectID, eventType)
	n, err := q.InsertOutboxEvent(ctx, db.InsertOutboxEventParams{
		ID: outboxID, MerchantID: merchantID, EventType: eventType, Payload: body,
	})
	if err != nil {
		return fmt.Errorf("insert outbox: %w", err)
	}
	if n == 0 {
		return nil
	}
	_, err = jobs.InsertTx(ctx, tx, tasks.DispatchWebhook{OutboxID: outboxID}, nil)
	return err
}

var errNoRedemption = errors.New("no completed redemption for pos transaction")
