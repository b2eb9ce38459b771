// Package gifting is the guest-facing money flow: checking out registry
// items, contributing to group gifts and cash funds, cancelling purchases,
// and applying Stripe payment events.
package gifting

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tiedknot/registry/internal/db"
	"github.com/tiedknot/registry/internal/platform/idgen"
	"github.com/tiedknot/registry/internal/providers/stripepay"
	"github.com/tiedknot/registry/internal/store"
)

// Errors returned to the API layer.
var (
	ErrNotFound           = errors.New("gifting: not found")
	ErrInvalid            = errors.New("gifting: invalid request")
	ErrSoldOut            = errors.New("gifting: not enough quantity left")
	ErrKeyRequired        = errors.New("gifting: Idempotency-Key header is required")
	ErrKeyReused          = errors.New("gifting: Idempotency-Key reused with a different request")
	ErrCheckoutInProgress = errors.New("gifting: a checkout with this key is in progress")
	ErrNotCancellable     = errors.New("gifting: purchase can no longer be cancelled")
	ErrTargetClosed       = errors.New("gifting: group gift is no longer accepting contributions")
)

// Metadata keys on PaymentIntents; the webhook dispatches on purpose.
const (
	metaPurpose     = "purpose"
	metaPurchaseID  = "purchase_id"
	metaRegistryID  = "registry_id"
	metaGroupGiftID = "group_gift_id"
	metaCashFundID  = "cash_fund_id"
	metaGuestName   = "guest_name"
	metaGuestEmail  = "guest_email"
	metaMessage     = "message"

	purposePurchase     = "purchase"
	purposeContribution = "contribution"
)

// Service is the gifting API.
type Service interface {
	Checkout(ctx context.Context, in CheckoutInput) (CheckoutResult, error)
	Contribute(ctx context.Context, in ContributeInput) (ContributionIntent, error)
	CancelUnits(ctx context.Context, in CancelInput) (db.PurchaseCancellation, error)
	ExpireStaleCheckouts(ctx context.Context, olderThan time.Duration) (int, error)
}

// Repository is the non-transactional storage the service needs.
type Repository interface {
	GetRegistry(ctx context.Context, id string) (db.Registry, error)
	GetPurchase(ctx context.Context, id string) (db.Purchase, error)
	SetPaymentIntent(ctx context.Context, purchaseID, intentID, clientSecret string) error
	GetGroupGift(ctx context.Context, id string) (db.GroupGift, error)
	GetCashFund(ctx context.Context, id string) (db.CashFund, error)
	MarkCancellationRefunded(ctx context.Context, cancellationID, refundID string) error
	ListStalePending(ctx context.Context, before time.Time, limit int32) ([]db.Purchase, error)
	MarkRefundedByIntent(ctx context.Context, intentID string) (bool, error)
}

// Payments is the slice of Stripe the service uses.
type Payments interface {
	CreatePaymentIntent(ctx context.Context, req stripepay.PaymentIntentRequest) (stripepay.PaymentIntent, error)
	Refund(ctx context.Context, req stripepay.RefundRequest, opts ...stripepay.CallOption) (stripepay.Refund, error)
}

// Jobs enqueues follow-up work inside the caller's transaction.
type Jobs interface {
	PlaceOrderTx(ctx context.Context, tx pgx.Tx, purchaseID string) error
	GroupGiftFulfillTx(ctx context.Context, tx pgx.Tx, groupGiftID string) error
	ContributionReceiptTx(ctx context.Context, tx pgx.Tx, contributionID string) error
}

type service struct {
	tx       store.TxRunner
	repo     Repository
	payments Payments
	jobs     Jobs
	log      *slog.Logger
	now      func() time.Time

	newPurchaseID     idgen.Generator
	newCancellationID idgen.Generator
	// newKey produces Stripe idempotency keys for guest-initiated charges.
	newKey func() string
}

// New builds the gifting service.
func New(tx store.TxRunner, repo Repository, payments Payments, jobs Jobs, newKey func() string, log *slog.Logger) Service {
	return &service{
		tx:                tx,
		repo:              repo,
		payments:          payments,
		jobs:              jobs,
		log:               log.With("svc", "gifting"),
		now:               time.Now,
		newPurchaseID:     idgen.Prefixed(idgen.PrefixPurchase),
		newCancellationID: idgen.Prefixed(idgen.PrefixCancellation),
		newKey:            newKey,
	}
}

// CheckoutInput is a guest buying units of a registry item.
type CheckoutInput struct {
	RegistryID     string
	ItemID         string
	IdempotencyKey string
	GuestName      string `json:"guest_name"`
	GuestEmail     string `json:"guest_email"`
	GiftMessage    string `json:"gift_message"`
	Quantity       int32  `json:"quantity"`
}

func (in CheckoutInput) hash() string {
	h := sha256.New()
	for _, part := range []string{in.RegistryID, in.ItemID, strings.ToLower(in.GuestEmail), strconv.Itoa(int(in.Quantity))} {
		h.Write([]byte(part))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))
}

// CheckoutResult is what the browser needs to collect payment.
type CheckoutResult struct {
	Purchase     db.Purchase
	ClientSecret string
	Replayed     bool
}

// Checkout reserves the units and returns a PaymentIntent client secret.
//
// The purchase and the checkout request keyed by the guest's
// Idempotency-Key commit together, so a resent request finds its purchase
// instead of reserving again. The PaymentIntent is keyed by the purchase id,
// so a retry after a failed Stripe call gets the same intent back.
func (s *service) Checkout(ctx context.Context, in CheckoutInput) (CheckoutResult, error) {
	if in.IdempotencyKey == "" {
		return CheckoutResult{}, ErrKeyRequired
	}
	in.GuestEmail = strings.ToLower(strings.TrimSpace(in.GuestEmail))
	if in.GuestEmail == "" || in.GuestName == "" || in.Quantity <= 0 {
		return CheckoutResult{}, fmt.Errorf("%w: guest_name, guest_email and quantity are required", ErrInvalid)
	}
	reqHash := in.hash()

	var (
		purchase db.Purchase
		replayed bool
	)
	err := s.tx.InTx(ctx, func(_ pgx.Tx, q *db.Queries) error {
		prior, err := q.GetCheckoutRequest(ctx, db.GetCheckoutRequestParams{RegistryID: in.RegistryID, IdempotencyKey: in.IdempotencyKey})
		switch {
		case err == nil:
			if prior.RequestHash != reqHash {
				return ErrKeyReused
			}
			purchase, err = q.GetPurchase(ctx, prior.PurchaseID)
			replayed = true
			return err
		case !errors.Is(err, pgx.ErrNoRows):
			return err
		}

		reg, err := q.GetRegistry(ctx, in.RegistryID)
		if err != nil {
			return err
		}
		if reg.Status != "published" {
			return ErrNotFound
		}
		item, err := q.GetRegistryItem(ctx, db.GetRegistryItemParams{ID: in.ItemID, RegistryID: in.RegistryID})
		if err != nil {
			return err
		}
		n, err := q.ReserveItemQuantity(ctx, db.ReserveItemQuantityParams{ID: item.ID, Quantity: in.Quantity})
		if err != nil {
			return err
		}
		if n == 0 {
			return ErrSoldOut
		}
		purchase, err = q.CreatePurchase(ctx, db.CreatePurchaseParams{
			ID:             s.newPurchaseID(),
			RegistryID:     reg.ID,
			ItemID:         item.ID,
			GuestName:      in.GuestName,
			GuestEmail:     in.GuestEmail,
			GiftMessage:    in.GiftMessage,
			Quantity:       in.Quantity,
			UnitPriceCents: item.PriceCents,
			AmountCents:    item.PriceCents * int64(in.Quantity),
			Currency:       reg.Currency,
		})
		if err != nil {
			return err
		}
		inserted, err := q.InsertCheckoutRequest(ctx, db.InsertCheckoutRequestParams{
			RegistryID:     in.RegistryID,
			IdempotencyKey: in.IdempotencyKey,
			PurchaseID:     purchase.ID,
			RequestHash:    reqHash,
		})
		if err != nil {
			return err
		}
		if inserted == 0 {
			// A concurrent request with the same key won; roll back our
			// reservation and let the client retry to get its result.
			return ErrCheckoutInProgress
		}
		return nil
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return CheckoutResult{}, ErrNotFound
	}
	if err != nil {
		return CheckoutResult{}, err
	}

	if purchase.ClientSecret.Valid {
		return CheckoutResult{Purchase: purchase, ClientSecret: purchase.ClientSecret.String, Replayed: replayed}, nil
	}
	if purchase.Status != "pending" {
		return CheckoutResult{Purchase: purchase, Replayed: replayed}, nil
	}

	pi, err := s.payments.CreatePaymentIntent(ctx, stripepay.PaymentIntentRequest{
		AmountCents:    purchase.AmountCents,
		Currency:       purchase.Currency,
		Description:    "Registry gift " + purchase.ID,
		ReceiptEmail:   purchase.GuestEmail,
		TransferGroup:  "registry_" + purchase.RegistryID,
		IdempotencyKey: "purchase-intent/" + purchase.ID,
		Metadata: map[string]string{
			metaPurpose:    purposePurchase,
			metaPurchaseID: purchase.ID,
			metaRegistryID: purchase.RegistryID,
		},
	})
	if err != nil {
		return CheckoutResult{}, err
	}
	if err := s.repo.SetPaymentIntent(ctx, purchase.ID, pi.ID, pi.ClientSecret); err != nil {
		return CheckoutResult{}, err
	}
	purchase.PaymentIntentID.String, purchase.PaymentIntentID.Valid = pi.ID, true
	return CheckoutResult{Purchase: purchase, ClientSecret: pi.ClientSecret, Replayed: replayed}, nil
}

// ContributeInput is a guest chipping in to a group gift or cash fund with
// a card collected by Stripe Elements.
type ContributeInput struct {
	RegistryID      string
	GroupGiftID     string `json:"group_gift_id"`
	CashFundID      string `json:"cash_fund_id"`
	AmountCents     int64  `json:"amount_cents"`
	GuestName       string `json:"guest_name"`
	GuestEmail      string `json:"guest_email"`
	Message         string `json:"message"`
	PaymentMethodID string `json:"payment_method_id"`
}

// ContributionIntent is the confirmed (or action-required) PaymentIntent.
type ContributionIntent struct {
	PaymentIntentID string `json:"payment_intent_id"`
	ClientSecret    string `json:"client_secret"`
	Status          string `json:"status"`
}

// minContribution keeps card fees from eating small gifts.
const minContribution = 1000

// Contribute charges the guest's card. The contribution itself is recorded
// when Stripe reports payment_intent.succeeded.
func (s *service) Contribute(ctx context.Context, in ContributeInput) (ContributionIntent, error) {
	if (in.GroupGiftID == "") == (in.CashFundID == "") {
		return ContributionIntent{}, fmt.Errorf("%w: exactly one of group_gift_id or cash_fund_id", ErrInvalid)
	}
	if in.AmountCents < minContribution {
		return ContributionIntent{}, fmt.Errorf("%w: minimum contribution is %d cents", ErrInvalid, minContribution)
	}
	if in.PaymentMethodID == "" || in.GuestEmail == "" {
		return ContributionIntent{}, fmt.Errorf("%w: payment_method_id and guest_email are required", ErrInvalid)
	}
	reg, err := s.repo.GetRegistry(ctx, in.RegistryID)
	if store.IsNotFound(err) || (err == nil && reg.Status != "published") {
		return ContributionIntent{}, ErrNotFound
	}
	if err != nil {
		return ContributionIntent{}, err
	}

	meta := map[string]string{
		metaPurpose:    purposeContribution,
		metaRegistryID: reg.ID,
		metaGuestName:  in.GuestName,
		metaGuestEmail: strings.ToLower(in.GuestEmail),
		metaMessage:    truncate(in.Message, 480),
	}
	description := ""
	if in.GroupGiftID != "" {
		g, err := s.repo.GetGroupGift(ctx, in.GroupGiftID)
		if store.IsNotFound(err) || (err == nil && g.RegistryID != reg.ID) {
			return ContributionIntent{}, ErrNotFound
		}
		if err != nil {
			return ContributionIntent{}, err
		}
		if g.Status != "open" {
			return ContributionIntent{}, ErrTargetClosed
		}
		meta[metaGroupGiftID] = g.ID
		description = "Group gift: " + g.Title
	} else {
		f, err := s.repo.GetCashFund(ctx, in.CashFundID)
		if store.IsNotFound(err) || (err == nil && f.RegistryID != reg.ID) {
			return ContributionIntent{}, ErrNotFound
		}
		if err != nil {
			return ContributionIntent{}, err
		}
		meta[metaCashFundID] = f.ID
		description = "Cash fund: " + f.Title
	}

	pi, err := s.payments.CreatePaymentIntent(ctx, stripepay.PaymentIntentRequest{
		AmountCents:     in.AmountCents,
		Currency:        reg.Currency,
		Description:     description,
		ReceiptEmail:    in.GuestEmail,
		PaymentMethodID: in.PaymentMethodID,
		Confirm:         true,
		TransferGroup:   "registry_" + reg.ID,
		Metadata:        meta,
		IdempotencyKey:  "contribution/" + s.newKey(),
	})
	if err != nil {
		return ContributionIntent{}, err
	}
	return ContributionIntent{PaymentIntentID: pi.ID, ClientSecret: pi.ClientSecret, Status: pi.Status}, nil
}

// CancelInput cancels some units of a paid purchase before it ships.
type CancelInput struct {
	PurchaseID string
	RequestKey string
	GuestEmail string `json:"guest_email"`
	Quantity   int32  `json:"quantity"`
}

// CancelUnits records a cancellation (one per request key) and refunds the
// cancelled units.
func (s *service) CancelUnits(ctx context.Context, in CancelInput) (db.PurchaseCancellation, error) {
	if in.RequestKey == "" {
		return db.PurchaseCancellation{}, ErrKeyRequired
	}
	var (
		c        db.PurchaseCancellation
		purchase db.Purchase
	)
	err := s.tx.InTx(ctx, func(_ pgx.Tx, q *db.Queries) error {
		var err error
		purchase, err = q.GetPurchaseForUpdate(ctx, in.PurchaseID)
		if err != nil {
			return err
		}
		if !strings.EqualFold(purchase.GuestEmail, strings.TrimSpace(in.GuestEmail)) {
			return ErrNotFound
		}
		c, err = q.GetPurchaseCancellationByKey(ctx, db.GetPurchaseCancellationByKeyParams{PurchaseID: purchase.ID, RequestKey: in.RequestKey})
		if err == nil {
			return nil
		}
		if !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		if purchase.Status != "paid" {
			return ErrNotCancellable
		}
		remaining := purchase.Quantity - purchase.QuantityCancelled
		if in.Quantity <= 0 || in.Quantity > remaining {
			return fmt.Errorf("%w: can cancel 1-%d units", ErrInvalid, remaining)
		}
		if _, err := q.InsertPurchaseCancellation(ctx, db.InsertPurchaseCancellationParams{
			ID:          s.newCancellationID(),
			PurchaseID:  purchase.ID,
			RequestKey:  in.RequestKey,
			Quantity:    in.Quantity,
			AmountCents: purchase.UnitPriceCents * int64(in.Quantity),
		}); err != nil {
			return err
		}
		if err := q.AddPurchaseCancelledQuantity(ctx, db.AddPurchaseCancelledQuantityParams{ID: purchase.ID, Quantity: in.Quantity}); err != nil {
			return err
		}
		if err := q.ReturnPurchasedQuantity(ctx, db.ReturnPurchasedQuantityParams{ID: purchase.ItemID, Quantity: in.Quantity}); err != nil {
			return err
		}
		c, err = q.GetPurchaseCancellationByKey(ctx, db.GetPurchaseCancellationByKeyParams{PurchaseID: purchase.ID, RequestKey: in.RequestKey})
		return err
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return db.PurchaseCancellation{}, ErrNotFound
	}
	if err != nil {
		return db.PurchaseCancellation{}, err
	}
	if c.Status == "refunded" {
		return c, nil
	}

	refund, err := s.payments.Refund(ctx, stripepay.RefundRequest{
		PaymentIntentID: purchase.PaymentIntentID.String,
		AmountCents:     c.AmountCents,
		Reason:          "requested_by_customer",
		Metadata:        map[string]string{"cancellation_id": c.ID, metaPurchaseID: purchase.ID},
	})
	if err != nil {
		return db.PurchaseCancellation{}, err
	}
	if err := s.repo.MarkCancellationRefunded(ctx, c.ID, refund.ID); err != nil {
		return db.PurchaseCancellation{}, err
	}
	c.Status = "refunded"
	c.RefundID.String, c.RefundID.Valid = refund.ID, true
	s.log.InfoContext(ctx, "purchase units cancelled", "purchase_id", purchase.ID, "cancellation_id", c.ID, "refund_id", refund.ID)
	return c, nil
}

// ExpireStaleCheckouts releases reservations of checkouts nobody paid for.
func (s *service) ExpireStaleCheckouts(ctx context.Context, olderThan time.Duration) (int, error) {
	stale, err := s.repo.ListStalePending(ctx, s.now().Add(-olderThan), 500)
	if err != nil {
		return 0, err
	}
	expired := 0
	for _, p := range stale {
		err := s.tx.InTx(ctx, func(_ pgx.Tx, q *db.Queries) error {
			n, err := q.ExpirePurchase(ctx, p.ID)
			if err != nil || n == 0 {
				return err
			}
			expired++
			return q.ReleaseReservation(ctx, db.ReleaseReservationParams{ID: p.ItemID, Quantity: p.Quantity})
		})
		if err != nil {
			return expired, fmt.Errorf("expire purchase %s: %w", p.ID, err)
		}
	}
	return expired, nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}
