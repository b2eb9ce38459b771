package withdrawals

import (
	"context"
	"strings"

	"github.com/halyard/funding/internal/platform/ids"
	"github.com/halyard/funding/internal/store"
)

// FiatRequest asks for a payout to the user's verified bank account.
type FiatRequest struct {
	UserID         string
	IdempotencyKey string
	Currency       string
	Amount         int64
	IBAN           string
	BIC            string
	HolderName     string
	Reference      string
}

// CreateFiat records a bank withdrawal and reserves the funds. Repeating a
// request with the same idempotency key returns the original withdrawal.
func (s *Service) CreateFiat(ctx context.Context, in FiatRequest) (*store.Withdrawal, bool, error) {
	if in.IdempotencyKey == "" {
		return nil, false, ErrIdempotencyKeyRequired
	}
	key := in.IdempotencyKey
	w := &store.Withdrawal{
		ID:             ids.Prefixed("wd"),
		UserID:         in.UserID,
		Rail:           store.RailBank,
		Asset:          strings.ToUpper(in.Currency),
		Amount:         in.Amount,
		Destination:    in.IBAN,
		DestName:       in.HolderName,
		Network:        in.BIC,
		Memo:           in.Reference,
		Status:         store.WithdrawalPendingRisk,
		IdempotencyKey: &key,
	}
	w.Fee = s.schedule.Withdrawal(w.Rail, w.Asset, "")

	var (
		out     *store.Withdrawal
		created bool
	)
	err := s.store.InTx(ctx, func(ctx context.Context, r *store.Repos) error {
		ok, err := s.place(ctx, r, w)
		if err != nil {
			return err
		}
		if !ok {
			existing, err := r.Withdrawals.GetByIdempotencyKey(ctx, in.UserID, key)
			if err != nil {
				return err
			}
			out = existing
			return nil
		}
		out, created = w, true
		return nil
	})
	if err != nil {
		return nil, false, err
	}
	return out, created, nil
}

// CryptoRequest asks for an on-chain withdrawal.
type CryptoRequest struct {
	UserID  string
	Asset   string
	Network string
	Address string
	Tag     string
	Amount  int64
}

// CreateCrypto records an on-chain withdrawal and reserves the funds.
func (s *Service) CreateCrypto(ctx context.Context, in CryptoRequest) (*store.Withdrawal, error) {
	w := &store.Withdrawal{
		ID:          ids.Prefixed("wd"),
		UserID:      in.UserID,
		Rail:        store.RailCrypto,
		Asset:       strings.ToUpper(in.Asset),
		Amount:      in.Amount,
		Destination: in.Address,
		Network:     strings.ToLower(in.Network),
		Memo:        in.Tag,
		Status:      store.WithdrawalPendingRisk,
	}
	w.Fee = s.schedule.Withdrawal(w.Rail, w.Asset, w.Network)

	err := s.store.InTx(ctx, func(ctx context.Context, r *store.Repos) error {
		_, err := s.place(ctx, r, w)
		return err
	})
	if err != nil {
		return nil, err
	}
	return w, nil
}
