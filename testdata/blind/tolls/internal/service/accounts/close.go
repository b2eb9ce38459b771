package accounts

import (
	"context"
	"fmt"
	"time"

	"go.uber.org/zap"

	"github.com/northgate/tolls/internal/domain"
	"github.com/northgate/tolls/internal/ids"
	"github.com/northgate/tolls/internal/providers/payments"
)

// Close closes an account and pays any remaining prepaid balance back to the
// card on file.
//
// The payout is recorded as a pending card payment, keyed by the account,
// before the gateway is called, and that row's ID is the gateway idempotency
// key. A repeated Close finds the same row and resends the same key.
func (s *Impl) Close(ctx context.Context, accountID string) (*CloseResult, error) {
	var (
		acct   *domain.Account
		payout *domain.CardPayment
	)
	err := s.tx.InTx(ctx, func(ctx context.Context) error {
		a, err := s.accounts.GetForUpdate(ctx, accountID)
		if err != nil {
			return err
		}
		acct = a
		if a.Status == domain.AccountClosed {
			return nil
		}
		if a.Status != domain.AccountClosing {
			if a.OutstandingCents > 0 {
				return fmt.Errorf("%w: %d cents outstanding", domain.ErrPrecondition, a.OutstandingCents)
			}
			a.Status = domain.AccountClosing
			if err := s.accounts.Save(ctx, a); err != nil {
				return err
			}
		}
		if a.BalanceCents <= 0 {
			return nil
		}
		opKey := "closure:" + a.ID
		payout, err = s.payments.Claim(ctx, &domain.CardPayment{
			ID:           ids.New(),
			OperationKey: &opKey,
			AccountID:    a.ID,
			Purpose:      domain.PurposeClosure,
			AmountCents:  a.BalanceCents,
			Currency:     s.cfg.Currency,
			Status:       "pending",
			Reference:    "CLOSE-" + a.ID,
			CreatedAt:    time.Now().UTC(),
			UpdatedAt:    time.Now().UTC(),
		})
		return err
	})
	if err != nil {
		return nil, err
	}
	if acct.Status == domain.AccountClosed {
		return &CloseResult{Account: acct}, nil
	}

	var psp string
	if payout != nil && payout.Status == "pending" {
		res, err := s.gateway.Payout(ctx, payments.PayoutRequest{
			Reference:        payout.Reference,
			ShopperReference: acct.ShopperReference,
			PaymentToken:     acct.PaymentToken,
			Amount:           payments.Amount{Value: payout.AmountCents, Currency: payout.Currency},
		}, payments.WithIdempotencyKey(payout.ID))
		if err != nil {
			return nil, fmt.Errorf("closure payout: %w", err)
		}
		if res.ResultCode != "Received" && res.ResultCode != "Authorised" {
			s.log.Warn("closure payout refused", zap.String("account_id", acct.ID), zap.String("result", res.ResultCode))
			return nil, fmt.Errorf("%w: payout %s", domain.ErrPaymentDeclined, res.ResultCode)
		}
		psp = res.PSPReference
	}

	err = s.tx.InTx(ctx, func(ctx context.Context) error {
		a, err := s.accounts.GetForUpdate(ctx, accountID)
		if err != nil {
			return err
		}
		if a.Status == domain.AccountClosed {
			acct = a
			return nil
		}
		if payout != nil {
			moved, err := s.payments.Transition(ctx, payout.ID, "pending", "succeeded", psp)
			if err != nil {
				return err
			}
			if moved {
				if err := s.ledger.Append(ctx, &domain.LedgerEntry{
					ID:          ids.Derive("ledger.payout", payout.ID),
					AccountID:   a.ID,
					Kind:        domain.LedgerPayout,
					AmountCents: -payout.AmountCents,
					Reference:   payout.ID,
					Memo:        "balance refunded on closure",
				}); err != nil {
					return err
				}
				a.BalanceCents -= payout.AmountCents
			}
		}
		a.Status = domain.AccountClosed
		acct = a
		return s.accounts.Save(ctx, a)
	})
	if err != nil {
		return nil, err
	}
	out := &CloseResult{Account: acct}
	if payout != nil {
		out.PayoutCents = payout.AmountCents
		out.PayoutRef = payout.Reference
	}
	return out, nil
}
