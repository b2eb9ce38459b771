// Package wallet owns customer deposit wallets: crediting returns, bonuses,
// donations and manual adjustments.
package wallet

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/oklog/ulid/v2"

	"github.com/pantloop/deposit/internal/bus"
	"github.com/pantloop/deposit/internal/events"
	"github.com/pantloop/deposit/internal/pgutil"
	"github.com/pantloop/deposit/internal/store"
	"github.com/pantloop/deposit/internal/txn"
)

var (
	ErrInsufficientFunds = errors.New("wallet: insufficient funds")
	ErrNotFound          = errors.New("wallet: not found")
	ErrInvalidPhone      = errors.New("wallet: invalid phone number")
	ErrInvalidAccount    = errors.New("wallet: invalid payout account")
)

// Entry kinds in wallet_entries.
const (
	EntryReturn     = "return"
	EntryBonus      = "bonus"
	EntryDonation   = "donation"
	EntryAdjustment = "adjustment"
	EntryPayout     = "payout"
	EntryRefund     = "refund"
)

type Service struct {
	pool txn.Pool
	pub  bus.Publisher
	log  *slog.Logger
}

func NewService(pool txn.Pool, pub bus.Publisher, log *slog.Logger) *Service {
	return &Service{pool: pool, pub: pub, log: log}
}

// Register creates the wallet for a phone number, or returns the existing
// one when the number is already registered.
func (s *Service) Register(ctx context.Context, phone, displayName string) (store.Wallet, error) {
	phone = normalizePhone(phone)
	if len(phone) < 8 {
		return store.Wallet{}, ErrInvalidPhone
	}
	name := pgtype.Text{String: displayName, Valid: displayName != ""}
	return store.New(s.pool).UpsertWallet(ctx, store.UpsertWalletParams{
		ID:          uuid.New(),
		Phone:       phone,
		DisplayName: name,
	})
}

func (s *Service) Get(ctx context.Context, id uuid.UUID) (store.Wallet, error) {
	w, err := store.New(s.pool).GetWallet(ctx, id)
	if pgutil.IsNoRows(err) {
		return store.Wallet{}, ErrNotFound
	}
	return w, err
}

func (s *Service) Entries(ctx context.Context, id uuid.UUID, limit int32) ([]store.WalletEntry, error) {
	return store.New(s.pool).ListWalletEntries(ctx, store.ListWalletEntriesParams{WalletID: id, Limit: limit})
}

// LinkAccount stores a bank account (IBAN) or e-wallet handle that payouts
// can be sent to.
func (s *Service) LinkAccount(ctx context.Context, walletID uuid.UUID, rail, destination, holder string) (store.PayoutAccount, error) {
	destination = strings.ToUpper(strings.ReplaceAll(destination, " ", ""))
	switch rail {
	case "bank":
		if len(destination) < 15 || len(destination) > 34 {
			return store.PayoutAccount{}, ErrInvalidAccount
		}
	case "ewallet":
		if destination == "" {
			return store.PayoutAccount{}, ErrInvalidAccount
		}
	default:
		return store.PayoutAccount{}, ErrInvalidAccount
	}
	acct, err := store.New(s.pool).UpsertPayoutAccount(ctx, store.UpsertPayoutAccountParams{
		ID:          "pa_" + strings.ToLower(ulid.Make().String()),
		WalletID:    walletID,
		Rail:        rail,
		Destination: destination,
		HolderName:  holder,
	})
	if pgutil.IsForeignKeyViolation(err) {
		return store.PayoutAccount{}, ErrNotFound
	}
	return acct, err
}

// CreditReturn records a kiosk return session and, when the customer
// scanned their wallet code, credits the deposit to the wallet.
func (s *Service) CreditReturn(ctx context.Context, ev events.ReturnRecorded) error {
	var walletID pgtype.UUID
	if ev.WalletID != "" {
		id, err := uuid.Parse(ev.WalletID)
		if err != nil {
			return bus.Permanent(fmt.Errorf("return %s: wallet id: %w", ev.EventID, err))
		}
		walletID = pgtype.UUID{Bytes: id, Valid: true}
	}

	var credited *events.WalletCredited
	err := txn.Run(ctx, s.pool, func(q *store.Queries) error {
		eventID, err := q.InsertReturnEvent(ctx, store.InsertReturnEventParams{
			ID:           ev.EventID,
			KioskID:      ev.KioskID,
			KioskSeq:     ev.KioskSeq,
			WalletID:     walletID,
			Containers:   int32(ev.Containers()),
			DepositCents: ev.DepositCents,
			ReturnedAt:   ev.ReturnedAt,
		})
		if pgutil.IsNoRows(err) {
			s.log.Debug("return already recorded", "event_id", ev.EventID, "kiosk", ev.KioskID, "seq", ev.KioskSeq)
			return nil
		}
		if err != nil {
			return err
		}
		if !walletID.Valid {
			return nil
		}

		wid := uuid.UUID(walletID.Bytes)
		balance, err := q.CreditWallet(ctx, store.CreditWalletParams{ID: wid, AmountCents: ev.DepositCents})
		if err != nil {
			return err
		}
		if err := q.InsertWalletEntry(ctx, store.InsertWalletEntryParams{
			WalletID:    wid,
			Kind:        EntryReturn,
			AmountCents: ev.DepositCents,
			Ref:         "return:" + eventID,
		}); err != nil {
			return err
		}
		credited = &events.WalletCredited{
			WalletID:      wid.String(),
			ReturnEventID: eventID,
			AmountCents:   ev.DepositCents,
			BalanceCents:  balance,
			Containers:    ev.Containers(),
		}
		return nil
	})
	if pgutil.IsForeignKeyViolation(err) {
		return bus.Permanent(fmt.Errorf("return %s: unknown kiosk or wallet: %w", ev.EventID, err))
	}
	if err != nil {
		return err
	}

	if credited != nil {
		if err := s.pub.Publish(ctx, events.SubjectWalletCredited, credited, "credited:"+credited.ReturnEventID); err != nil {
			s.log.Warn("publish wallet.credited", "event_id", ev.EventID, "err", err)
		}
	}
	return nil
}

// AwardBonus credits a shop campaign bonus to a wallet.
func (s *Service) AwardBonus(ctx context.Context, ev events.BonusAwarded) error {
	id, err := uuid.Parse(ev.WalletID)
	if err != nil {
		return bus.Permanent(fmt.Errorf("bonus: wallet id: %w", err))
	}
	if ev.AmountCents <= 0 || ev.AmountCents > 10_00 {
		return bus.Permanent(fmt.Errorf("bonus: amount %d out of range", ev.AmountCents))
	}
	return txn.Run(ctx, s.pool, func(q *store.Queries) error {
		if _, err := q.CreditWallet(ctx, store.CreditWalletParams{ID: id, AmountCents: ev.AmountCents}); err != nil {
			if pgutil.IsNoRows(err) {
				return bus.Permanent(ErrNotFound)
			}
			return err
		}
		return q.InsertWalletEntry(ctx, store.InsertWalletEntryParams{
			WalletID:    id,
			Kind:        EntryBonus,
			AmountCents: ev.AmountCents,
			Ref:         "bonus:" + ev.CampaignID + ":" + ev.ShopID,
		})
	})
}

// Donate moves part of a wallet balance to one of the partner charities.
func (s *Service) Donate(ctx context.Context, walletID uuid.UUID, charity string, amountCents int64) (store.Donation, error) {
	if amountCents <= 0 {
		return store.Donation{}, fmt.Errorf("wallet: donation amount must be positive")
	}
	var d store.Donation
	err := txn.Run(ctx, s.pool, func(q *store.Queries) error {
		if _, err := q.DebitWallet(ctx, store.DebitWalletParams{ID: walletID, AmountCents: amountCents}); err != nil {
			if pgutil.IsNoRows(err) {
				return ErrInsufficientFunds
			}
			return err
		}
		var err error
		d, err = q.InsertDonation(ctx, store.InsertDonationParams{
			ID:          uuid.New(),
			WalletID:    walletID,
			Charity:     charity,
			AmountCents: amountCents,
		})
		if err != nil {
			return err
		}
		return q.InsertWalletEntry(ctx, store.InsertWalletEntryParams{
			WalletID:    walletID,
			Kind:        EntryDonation,
			AmountCents: -amountCents,
			Ref:         "donation:" + d.ID.String(),
		})
	})
	return d, err
}

// Adjustment is a manual correction entered by the support team.
type Adjustment struct {
	Ref         string
	WalletID    uuid.UUID
	AmountCents int64
	Reason      string
	Actor       string
}

// Adjust applies an adjustment once per Ref. It reports whether this call
// applied it.
func (s *Service) Adjust(ctx context.Context, a Adjustment) (bool, error) {
	if a.Ref == "" || a.AmountCents == 0 {
		return false, fmt.Errorf("wallet: adjustment needs a ref and a non-zero amount")
	}
	applied := false
	err := txn.Run(ctx, s.pool, func(q *store.Queries) error {
		_, err := q.ClaimWalletAdjustment(ctx, store.ClaimWalletAdjustmentParams{
			Ref:         a.Ref,
			WalletID:    a.WalletID,
			AmountCents: a.AmountCents,
			Reason:      a.Reason,
			Actor:       a.Actor,
		})
		if pgutil.IsNoRows(err) {
			return nil
		}
		if err != nil {
			return err
		}
		if a.AmountCents > 0 {
			_, err = q.CreditWallet(ctx, store.CreditWalletParams{ID: a.WalletID, AmountCents: a.AmountCents})
		} else {
			_, err = q.DebitWallet(ctx, store.DebitWalletParams{ID: a.WalletID, AmountCents: -a.AmountCents})
			if pgutil.IsNoRows(err) {
				return ErrInsufficientFunds
			}
		}
		if err != nil {
			return err
		}
		applied = true
		return q.InsertWalletEntry(ctx, store.InsertWalletEntryParams{
			WalletID:    a.WalletID,
			Kind:        EntryAdjustment,
			AmountCents: a.AmountCents,
			Ref:         "adjustment:" + a.Ref,
		})
	})
	return applied, err
}

func normalizePhone(p string) string {
	var b strings.Builder
	for i, r := range p {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == '+' && i == 0:
			b.WriteRune(r)
		}
	}
	return b.String()
}
