package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/lumen-gift/giftcards/internal/db"
	"github.com/lumen-gift/giftcards/internal/ids"
	"github.com/lumen-gift/giftcards/internal/payments"
	"github.com/lumen-gift/giftcards/internal/repo"
	"github.com/lumen-gift/giftcards/internal/store"
	"github.com/lumen-gift/giftcards/internal/tasks"
)

type PurchaseRequest struct {
	AmountCents     int64  `json:"amount_cents"`
	Currency        string `json:"currency"`
	BuyerEmail      string `json:"buyer_email"`
	RecipientEmail  string `json:"recipient_email,omitempty"`
	RecipientPhone  string `json:"recipient_phone,omitempty"`
	PaymentMethodID string `json:"payment_method_id"`
}

func (r PurchaseRequest) validate() error {
	switch {
	case r.AmountCents < 1000 || r.AmountCents > 50000:
		return invalid("amount_cents", "must be between 1000 and 50000")
	case !strings.Contains(r.BuyerEmail, "@"):
		return invalid("buyer_email", "must be an email address")
	case r.RecipientEmail == "" && r.RecipientPhone == "":
		return invalid("recipient", "email or phone required")
	case r.PaymentMethodID == "":
		return invalid("payment_method_id", "required")
	}
	return nil
}

type PurchaseResult struct {
	Purchase     db.Purchase `json:"purchase"`
	ClientSecret string      `json:"client_secret,omitempty"`
	NextAction   bool        `json:"requires_action"`
}

type Purchases interface {
	Purchase(ctx context.Context, req PurchaseRequest) (*PurchaseResult, error)
	Cancel(ctx context.Context, purchaseID string) (db.Purchase, error)
	Refund(ctx context.Context, purchaseID, reason string) (db.PurchaseRefund, error)
	Fulfill(ctx context.Context, purchaseID string) error
}

type PurchaseConfig struct {
	CardValidity time.Duration
}

type purchaseService struct {
	st        *store.Store
	purchases repo.Purchases
	cards     repo.Cards
	gateway   payments.Gateway
	jobs      tasks.Inserter
	cfg       PurchaseConfig
	log       *slog.Logger
}

func NewPurchases(st *store.Store, purchases repo.Purchases, cards repo.Cards, gw payments.Gateway, jobs tasks.Inserter, cfg PurchaseConfig, log *slog.Logger) Purchases {
	return &purchaseService{st: st, purchases: purchases, cards: cards, gateway: gw, jobs: jobs, cfg: cfg, log: log}
}

// Purchase charges the buyer and records a pending purchase. The card is
// issued by FulfillPurchase once Stripe reports payment_intent.succeeded.
func (s *purchaseService) Purchase(ctx context.Context, req PurchaseRequest) (*PurchaseResult, error) {
	if err := req.validate(); err != nil {
		return nil, err
	}
	currency := strings.ToLower(req.Currency)
	if currency == "" {
		currency = "usd"
	}

	payment, err := s.gateway.CreatePayment(ctx, payments.PaymentRequest{
		AmountCents:     req.AmountCents,
		Currency:        currency,
		PaymentMethodID: req.PaymentMethodID,
		Description:     "Digital gift card",
		ReceiptEmail:    req.BuyerEmail,
	})
	if err != nil {
		return nil, err
	}

	p, err := s.purchases.Create(ctx, db.CreatePurchaseParams{
		ID:              ids.New("pur"),
		BuyerEmail:      req.BuyerEmail,
		RecipientPhone:  store.PtrOrNil(req.RecipientPhone),
		RecipientEmail:  store.PtrOrNil(req.RecipientEmail),
		AmountCents:     req.AmountCents,
		Currency:        currency,
		PaymentIntentID: &payment.IntentID,
		Status:          "pending",
	})
	if err != nil {
		return nil, fmt.Errorf("record purchase for %s: %w", payment.IntentID, err)
	}
	return &PurchaseResult{
		Purchase:     p,
		ClientSecret: payment.ClientSecret,
		NextAction:   payment.Status == "requires_action",
	}, nil
}

// Cancel abandons a purchase whose payment has not completed (for example a
// 3-D Secure challenge the buyer walked away from).
func (s *purchaseService) Cancel(ctx context.Context, purchaseID string) (db.Purchase, error) {
	p, err := s.purchases.Get(ctx, purchaseID)
	if store.IsNotFound(err) {
		return p, ErrNotFound
	}
	if err != nil {
		return p, err
	}
	switch p.Status {
	case "canceled":
		return p, nil
	case "pending":
	default:
		return p, fmt.Errorf("%w: purchase is %s", ErrInvalidState, p.Status)
	}
	if p.PaymentIntentID != nil {
		if err := s.gateway.CancelPayment(ctx, *p.PaymentIntentID, payments.WithIdempotencyKey("cancel-"+p.ID)); err != nil {
			return p, err
		}
	}
	if _, err := s.purchases.Cancel(ctx, p.ID); err != nil {
		return p, err
	}
	return s.purchases.Get(ctx, p.ID)
}

// Refund returns the unspent balance of a purchased card to the buyer. The
// card is voided first so it cannot be spent while the refund is in flight.
func (s *purchaseService) Refund(ctx context.Context, purchaseID, reason string) (db.PurchaseRefund, error) {
	var refund db.PurchaseRefund
	p, err := s.purchases.Get(ctx, purchaseID)
	if store.IsNotFound(err) {
		return refund, ErrNotFound
	}
	if err != nil {
		return refund, err
	}
	switch p.Status {
	case "refunded":
		return s.st.Q().GetPurchaseRefund(ctx, p.ID)
	case "fulfilled", "refunding":
	default:
		return refund, fmt.Errorf("%w: purchase is %s", ErrInvalidState, p.Status)
	}

	refundID := ids.New("rfd")
	err = s.st.InTx(ctx, func(ctx context.Context, q *db.Queries, _ pgx.Tx) error {
		cards, err := q.ListCardsByPurchase(ctx, &p.ID)
		if err != nil {
			return err
		}
		var unspent int64
		for _, c := range cards {
			if c.Status == "active" || c.Status == "issued" {
				unspent += c.BalanceCents
			}
		}
		if _, err := q.InsertPurchaseRefund(ctx, db.InsertPurchaseRefundParams{
			ID: refundID, PurchaseID: p.ID, AmountCents: unspent, Reason: reason,
		}); err != nil {
			return fmt.Errorf("insert refund: %w", err)
		}
		refund, err = q.GetPurchaseRefund(ctx, p.ID)
		if err != nil {
			return err
		}
		for _, c := range cards {
			if err := q.VoidCard(ctx, c.ID); err != nil {
				return err
			}
		}
		return q.SetPurchaseStatus(ctx, db.SetPurchaseStatusParams{ID: p.ID, Status: "refunding"})
	})
	if err != nil {
		return refund, err
	}
	if refund.Status == "succeeded" || refund.AmountCents == 0 {
		return refund, nil
	}

	res, err := s.gateway.Refund(ctx, payments.RefundRequest{
		PaymentIntentID: *p.PaymentIntentID,
		AmountCents:     refund.AmountCents,
		Reason:          "requested_by_customer",
	}, payments.WithIdempotencyKey("refund-"+refundID), payments.WithMetadata("purchase_id", p.ID))
	if err != nil {
		return refund, fmt.Errorf("stripe refund: %w", err)
	}

	err = s.st.InTx(ctx, func(ctx context.Context, q *db.Queries, _ pgx.Tx) error {
		if err := q.CompletePurchaseRefund(ctx, db.CompletePurchaseRefundParams{ID: refund.ID, StripeRefundID: &res.RefundID}); err != nil {
			return err
		}
		return q.SetPurchaseStatus(ctx, db.SetPurchaseStatusParams{ID: p.ID, Status: "refunded"})
	})
	if err != nil {
		return refund, err
	}
	refund.Status = "succeeded"
	refund.StripeRefundID = &res.RefundID
	return refund, nil
}

// Fulfill issues the card for a paid purchase and schedules delivery of its
// code to the recipient.
func (s *purchaseService) Fulfill(ctx context.Context, purchaseID string) error {
	p, err := s.purchases.Get(ctx, purchaseID)
	if err != nil {
		return err
	}
	switch p.Status {
	case "fulfilled", "refunding", "refunded":
		return nil
	case "paid":
	default:
		return fmt.Errorf("%w: purchase %s is %s", ErrInvalidState, p.ID, p.Status)
	}

	card, err := s.cards.Create(ctx, db.CreateCardParams{
		ID:             ids.New("crd"),
		Code:           ids.CardCode(),
		PurchaseID:     &p.ID,
		BalanceCents:   p.AmountCents,
		Currency:       p.Currency,
		Status:         "active",
		ExpiresAt:      time.Now().Add(s.cfg.CardValidity),
		RecipientPhone: p.RecipientPhone,
		RecipientEmail: p.RecipientEmail,
	})
	if err != nil {
		return fmt.Errorf("issue card: %w", err)
	}

	return s.st.InTx(ctx, func(ctx context.Context, q *db.Queries, tx pgx.Tx) error {
		if err := q.InsertLedgerEntry(ctx, db.InsertLedgerEntryParams{
			ID: ids.Derive("led", card.ID, "issue"), CardID: card.ID, EntryType: "issue", AmountCents: card.BalanceCents, Ref: p.ID,
		}); err != nil {
			return err
		}
		var jobs []river.InsertManyParams
		for _, d := range recipientChannels(p.RecipientPhone, p.RecipientEmail) {
			deliveryID := ids.Derive("dlv", card.ID, d.channel)
			n, err := q.InsertDeliveryIfAbsent(ctx, db.InsertDeliveryIfAbsentParams{
				ID: deliveryID, CardID: card.ID, Channel: d.channel, Destination: d.destination,
			})
			if err != nil {
				return err
			}
			if n == 1 {
				jobs = append(jobs, river.InsertManyParams{Args: tasks.DeliverCode{DeliveryID: deliveryID}})
			}
		}
		updated, err := q.MarkPurchaseFulfilled(ctx, p.ID)
		if err != nil {
			return err
		}
		if updated == 0 {
			return errors.New("purchase changed state during fulfilment")
		}
		if len(jobs) == 0 {
			return nil
		}
		_, err = s.jobs.InsertManyTx(ctx, tx, jobs)
		return err
	})
}

type channelDest struct {
	channel     string
	destination string
}

func recipientChannels(phone, email *string) []channelDest {
	var out []channelDest
	if phone != nil && *phone != "" {
		out = append(out, channelDest{"sms", *phone})
	}
	if email != nil && *email != "" {
		out = append(out, channelDest{"email", *email})
	}
	return out
}
