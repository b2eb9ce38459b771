// Package vouchers tracks paper deposit vouchers printed by kiosks and paid
// out at shop tills.
package vouchers

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/pantloop/deposit/internal/bus"
	"github.com/pantloop/deposit/internal/events"
	"github.com/pantloop/deposit/internal/pgutil"
	"github.com/pantloop/deposit/internal/store"
	"github.com/pantloop/deposit/internal/txn"
)

// ValidFor is how long a printed voucher can be redeemed.
const ValidFor = 3 * 365 * 24 * time.Hour

type Service struct {
	pool txn.Pool
	log  *slog.Logger
}

func NewService(pool txn.Pool, log *slog.Logger) *Service {
	return &Service{pool: pool, log: log}
}

// Issue records a voucher printed by a kiosk.
func (s *Service) Issue(ctx context.Context, ev events.VoucherPrinted) error {
	q := store.New(s.pool)
	k, err := q.GetKiosk(ctx, ev.KioskID)
	if pgutil.IsNoRows(err) {
		return bus.Permanent(fmt.Errorf("voucher %s: unknown kiosk %s", ev.Code, ev.KioskID))
	}
	if err != nil {
		return err
	}
	n, err := q.InsertVoucher(ctx, store.InsertVoucherParams{
		Code:        ev.Code,
		KioskID:     k.ID,
		ShopID:      k.ShopID,
		AmountCents: ev.AmountCents,
		PrintedAt:   ev.PrintedAt,
	})
	if err != nil {
		return err
	}
	if n == 0 {
		s.log.Debug("voucher already issued", "code", ev.Code)
	}
	return nil
}

// Redeem marks a voucher as paid out by a shop and books the cash payout the
// shop will be reimbursed for at month end.
func (s *Service) Redeem(ctx context.Context, ev events.VoucherRedeemed) error {
	return txn.Run(ctx, s.pool, func(q *store.Queries) error {
		v, err := q.RedeemVoucher(ctx, store.RedeemVoucherParams{
			Code:       ev.Code,
			ShopID:     ev.ShopID,
			RedeemedAt: ev.RedeemedAt,
		})
		if pgutil.IsNoRows(err) {
			return bus.Permanent(fmt.Errorf("voucher %s: unknown or expired", ev.Code))
		}
		if err != nil {
			return err
		}
		if v.RedeemedShopID.String != ev.ShopID {
			return bus.Permanent(fmt.Errorf("voucher %s: already redeemed at shop %s", ev.Code, v.RedeemedShopID.String))
		}
		return q.InsertShopCashPayout(ctx, store.InsertShopCashPayoutParams{
			ID:          "scp_" + ulid.Make().String(),
			ShopID:      ev.ShopID,
			VoucherCode: v.Code,
			TillID:      ev.TillID,
			AmountCents: v.AmountCents,
			PaidAt:      ev.RedeemedAt,
		})
	})
}

// ExpireOld expires vouchers that were never redeemed and moves their value
// to the unclaimed deposits fund. It works in batches and returns the number
// of vouchers expired.
func (s *Service) ExpireOld(ctx context.Context, now time.Time) (int, error) {
	total := 0
	for {
		var n int
		err := txn.Run(ctx, s.pool, func(q *store.Queries) error {
			rows, err := q.ExpireVouchers(ctx, store.ExpireVouchersParams{
				PrintedBefore: now.Add(-ValidFor),
				Limit:         500,
			})
			if err != nil {
				return err
			}
			for _, r := range rows {
				if err := q.InsertUnclaimedDeposit(ctx, store.InsertUnclaimedDepositParams{
					VoucherCode: r.Code,
					AmountCents: r.AmountCents,
					ExpiredAt:   r.ExpiredAt,
				}); err != nil {
					return err
				}
			}
			n = len(rows)
			return nil
		})
		if err != nil {
			return total, err
		}
		total += n
		if n < 500 {
			return total, nil
		}
	}
}
