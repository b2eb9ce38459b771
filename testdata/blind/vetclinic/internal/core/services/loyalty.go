package services

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/pawpath/vetclinic/internal/core/domain"
	"github.com/pawpath/vetclinic/internal/core/ports"
	"github.com/pawpath/vetclinic/internal/errs"
)

type LoyaltyService struct {
	tx       ports.TxRunner
	wallets  ports.WalletRepository
	payments ports.PaymentRepository
	invoices ports.InvoiceRepository
	keys     ports.IdempotencyStore
	log      *slog.Logger
	now      func() time.Time
}

func NewLoyaltyService(
	tx ports.TxRunner,
	wallets ports.WalletRepository,
	payments ports.PaymentRepository,
	invoices ports.InvoiceRepository,
	keys ports.IdempotencyStore,
	settings Settings,
) *LoyaltyService {
	return &LoyaltyService{
		tx: tx, wallets: wallets, payments: payments, invoices: invoices, keys: keys,
		log: settings.logger(), now: settings.clock(),
	}
}

// Redemption is the outcome of spending points.
type Redemption struct {
	EntryID       string `json:"entry_id"`
	Points        int64  `json:"points"`
	CreditCents   int64  `json:"credit_cents"`
	BalancePoints int64  `json:"balance_points"`
}

// Redeem spends points from the owner's wallet.
func (s *LoyaltyService) Redeem(ctx context.Context, ownerID string, points int64, memo string) (Redemption, error) {
	const op errs.Op = "loyalty.Redeem"
	if points <= 0 {
		return Redemption{}, errs.E(op, errs.Invalid, "points must be positive")
	}
	var out Redemption
	err := s.tx.WithTx(ctx, func(ctx context.Context) error {
		w, err := s.wallets.LockByOwner(ctx, ownerID)
		if errs.Is(errs.NotFound, err) {
			return errs.E(op, errs.Precondition, "owner has no loyalty wallet")
		}
		if err != nil {
			return err
		}
		if w.BalancePoints < points {
			return errs.Errorf(op, errs.Precondition, "balance %d is below %d", w.BalancePoints, points)
		}
		e := domain.NewEntry(w.ID, -points, "redemption",
			domain.WithSource("owner", ownerID), domain.WithMemo(memo))
		if _, err := s.wallets.Append(ctx, e); err != nil {
			return err
		}
		w, err = s.wallets.Adjust(ctx, w.ID, -points)
		if err != nil {
			return err
		}
		out = Redemption{
			EntryID:       e.ID,
			Points:        points,
			CreditCents:   domain.PointsToCents(points),
			BalancePoints: w.BalancePoints,
		}
		return nil
	})
	return out, errs.Wrap(op, err)
}

const redeemScope = "wallet.redeem"

// RedeemWithKey is Redeem for API clients that send an Idempotency-Key: a
// repeated key returns the first redemption.
func (s *LoyaltyService) RedeemWithKey(ctx context.Context, key, ownerID string, points int64, memo string) (Redemption, bool, error) {
	const op errs.Op = "loyalty.RedeemWithKey"
	if key == "" {
		return Redemption{}, false, errs.E(op, errs.Invalid, "Idempotency-Key is required")
	}
	hash, _ := requestHash(struct {
		Owner  string
		Points int64
	}{ownerID, points})

	prev, err := s.keys.Lookup(ctx, redeemScope, key)
	if err != nil {
		return Redemption{}, false, errs.Wrap(op, err)
	}
	if prev != nil {
		if prev.RequestHash != hash {
			return Redemption{}, false, errs.E(op, errs.Conflict, "Idempotency-Key reused with a different request")
		}
		var r Redemption
		if err := json.Unmarshal(prev.Response, &r); err != nil {
			return Redemption{}, false, errs.E(op, errs.Internal, err)
		}
		return r, true, nil
	}

	r, err := s.Redeem(ctx, ownerID, points, memo)
	if err != nil {
		return Redemption{}, false, errs.Wrap(op, err)
	}
	body, _ := json.Marshal(r)
	if err := s.keys.Save(ctx, ports.IdempotencyRecord{
		Scope: redeemScope, Key: key, RequestHash: hash, StatusCode: 201, Response: body,
	}); err != nil {
		s.log.WarnContext(ctx, "store redemption response", "key", key, "err", err)
	}
	return r, false, nil
}

// Accrue credits the points earned by a captured invoice payment.
func (s *LoyaltyService) Accrue(ctx context.Context, invoiceID, paymentID string) error {
	const op errs.Op = "loyalty.Accrue"
	p, err := s.payments.Get(ctx, paymentID)
	if err != nil {
		return errs.Wrap(op, err)
	}
	if p.Status != domain.PaymentSucceeded {
		return nil
	}
	inv, err := s.invoices.Get(ctx, invoiceID)
	if err != nil {
		return errs.Wrap(op, err)
	}
	points := domain.CentsToPoints(p.AmountCents)
	if points <= 0 {
		return nil
	}
	err = s.tx.WithTx(ctx, func(ctx context.Context) error {
		w, err := s.wallets.GetOrCreate(ctx, inv.OwnerID)
		if err != nil {
			return err
		}
		e := domain.NewEntry(w.ID, points, "visit",
			domain.WithSource("payment", p.ID),
			domain.WithMemo(fmt.Sprintf("Invoice %s", inv.ID)))
		if _, err := s.wallets.Append(ctx, e); err != nil {
			return err
		}
		_, err = s.wallets.Adjust(ctx, w.ID, points)
		return err
	})
	return errs.Wrap(op, err)
}

// ReverseForRefund takes back the points earned on a refunded amount. It
// runs inside the caller's transaction.
func (s *LoyaltyService) ReverseForRefund(ctx context.Context, ownerID, refundID string, cents int64) error {
	const op errs.Op = "loyalty.ReverseForRefund"
	w, err := s.wallets.GetOrCreate(ctx, ownerID)
	if err != nil {
		return errs.Wrap(op, err)
	}
	points := min(domain.CentsToPoints(cents), w.BalancePoints)
	if points <= 0 {
		return nil
	}
	e := domain.NewEntry(w.ID, -points, "refund_reversal",
		domain.WithSource("refund", refundID),
		domain.WithExternalRef("refund:"+refundID))
	inserted, err := s.wallets.Append(ctx, e)
	if err != nil || !inserted {
		return errs.Wrap(op, err)
	}
	_, err = s.wallets.Adjust(ctx, w.ID, -points)
	return errs.Wrap(op, err)
}

// ExpirePoints expires points older than two years. Each wallet's expiry is
// written once per calendar month.
func (s *LoyaltyService) ExpirePoints(ctx context.Context) (int, error) {
	const op errs.Op = "loyalty.ExpirePoints"
	now := s.now()
	period := now.Format("2006-01")
	balances, err := s.wallets.Expirable(ctx, now.AddDate(-2, 0, 0))
	if err != nil {
		return 0, errs.Wrap(op, err)
	}
	expired := 0
	for _, b := range balances {
		err := s.tx.WithTx(ctx, func(ctx context.Context) error {
			e := domain.NewEntry(b.WalletID, -b.Points, "expiry",
				domain.WithSource("expiry", period),
				domain.WithExternalRef("expiry:"+period+":"+b.WalletID))
			inserted, err := s.wallets.Append(ctx, e)
			if err != nil || !inserted {
				return err
			}
			_, err = s.wallets.Adjust(ctx, b.WalletID, -b.Points)
			if err == nil {
				expired++
			}
			return err
		})
		if err != nil {
			return expired, errs.Wrap(op, err)
		}
	}
	return expired, nil
}
