package ledger

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
	"gorm.io/gorm/logger"

	"github.com/example/topup/internal/domain"
)

type Ledger struct {
	db *gorm.DB
}

func Open(dsn string) (*gorm.DB, error) {
	return gorm.Open(postgres.Open(dsn), &gorm.Config{
		Logger:                 logger.Default.LogMode(logger.Warn),
		SkipDefaultTransaction: true,
	})
}

func New(db *gorm.DB) *Ledger {
	return &Ledger{db: db}
}

func (l *Ledger) WalletForReseller(ctx context.Context, resellerID uuid.UUID) (*Wallet, error) {
	var w Wallet
	err := l.db.WithContext(ctx).Where("reseller_id = ?", resellerID).First(&w).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, domain.ErrNotFound
	}
	return &w, err
}

func lockWallet(tx *gorm.DB, id uuid.UUID) (*Wallet, error) {
	var w Wallet
	err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("id = ?", id).First(&w).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, domain.ErrNotFound
	}
	return &w, err
}

func adjustBalance(tx *gorm.DB, walletID uuid.UUID, delta int64) error {
	return tx.Model(&Wallet{}).Where("id = ?", walletID).
		Updates(map[string]any{
			"balance_cents": gorm.Expr("balance_cents + ?", delta),
			"updated_at":    gorm.Expr("now()"),
		}).Error
}

// post writes one entry and moves the balance. The caller owns the
// transaction. Negative amounts are checked against the locked balance.
func post(tx *gorm.DB, e *Entry) (bool, error) {
	w, err := lockWallet(tx, e.WalletID)
	if err != nil {
		return false, err
	}
	if e.AmountCents < 0 && w.BalanceCents+e.AmountCents < 0 {
		return false, domain.ErrInsufficient
	}
	q := tx
	if e.ExternalRef != nil {
		q = tx.Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "wallet_id"}, {Name: "external_ref"}},
			DoNothing: true,
		})
	}
	res := q.Create(e)
	if res.Error != nil {
		return false, res.Error
	}
	if res.RowsAffected == 0 {
		return false, nil
	}
	return true, adjustBalance(tx, e.WalletID, e.AmountCents)
}

// Post writes a single entry in its own transaction.
func (l *Ledger) Post(ctx context.Context, walletID uuid.UUID, amount int64, kind, description string) (*Entry, error) {
	e := &Entry{
		ID:          uuid.New(),
		WalletID:    walletID,
		AmountCents: amount,
		Kind:        kind,
		Description: description,
	}
	err := l.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		_, err := post(tx, e)
		return err
	})
	if err != nil {
		return nil, err
	}
	return e, nil
}

// PostOnce writes the entry unless one with the same external reference
// already exists on the wallet. It reports whether the entry was applied now.
func (l *Ledger) PostOnce(ctx context.Context, walletID uuid.UUID, amount int64, kind, externalRef, description string) (bool, error) {
	var applied bool
	err := l.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var err error
		applied, err = post(tx, &Entry{
			ID:          uuid.New(),
			WalletID:    walletID,
			AmountCents: amount,
			Kind:        kind,
			ExternalRef: &externalRef,
			Description: description,
		})
		return err
	})
	return applied, err
}

// StartFunding registers the funding intent for (wallet, requestID) and
// returns the stored row, which may have been created by an earlier call.
func (l *Ledger) StartFunding(ctx context.Context, walletID uuid.UUID, requestID string, amount int64, paymentMethod string) (*Funding, error) {
	f := &Funding{
		ID:            uuid.New(),
		WalletID:      walletID,
		RequestID:     requestID,
		AmountCents:   amount,
		PaymentMethod: paymentMethod,
		Status:        "pending",
	}
	db := l.db.WithContext(ctx)
	if err := db.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "wallet_id"}, {Name: "request_id"}},
		DoNothing: true,
	}).Create(f).Error; err != nil {
		return nil, fmt.Errorf("ledger: start funding: %w", err)
	}
	var stored Funding
	if err := db.Where("wallet_id = ? AND request_id = ?", walletID, requestID).First(&stored).Error; err != nil {
		return nil, err
	}
	return &stored, nil
}

// CompleteFunding marks the funding succeeded and credits the wallet in one
// transaction. It is a no-op when the funding is no longer pending.
func (l *Ledger) CompleteFunding(ctx context.Context, f *Funding, paymentIntentID string) (bool, error) {
	var done bool
	err := l.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&Funding{}).
			Where("id = ? AND status = ?", f.ID, "pending").
			Updates(map[string]any{"status": "succeeded", "payment_intent_id": paymentIntentID, "updated_at": gorm.Expr("now()")})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return nil
		}
		ref := "funding:" + f.ID.String()
		applied, err := post(tx, &Entry{
			ID:          uuid.New(),
			WalletID:    f.WalletID,
			AmountCents: f.AmountCents,
			Kind:        KindFunding,
			ExternalRef: &ref,
			Description: "card funding " + paymentIntentID,
		})
		done = applied
		return err
	})
	return done, err
}

func (l *Ledger) FailFunding(ctx context.Context, id uuid.UUID) error {
	return l.db.WithContext(ctx).Model(&Funding{}).
		Where("id = ? AND status = ?", id, "pending").
		Update("status", "failed").Error
}

func (l *Ledger) TransferByRef(ctx context.Context, ref string) (*Transfer, error) {
	var t Transfer
	err := l.db.WithContext(ctx).Where("transfer_ref = ?", ref).First(&t).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, domain.ErrNotFound
	}
	return &t, err
}

// RecordTransferIn stores the transfer and credits the destination wallet.
func (l *Ledger) RecordTransferIn(ctx context.Context, t *Transfer) error {
	return l.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(t).Error; err != nil {
			return err
		}
		_, err := post(tx, &Entry{
			ID:          uuid.New(),
			WalletID:    t.ToWalletID,
			AmountCents: t.AmountCents,
			Kind:        KindTransferIn,
			Description: "transfer " + t.TransferRef + " from " + t.FromWalletID.String(),
		})
		return err
	})
}

// IssueVouchers debits the wallet for the lot and stores the voucher codes.
func (l *Ledger) IssueVouchers(ctx context.Context, walletID uuid.UUID, lotRef string, codes []string, valueCents int64) error {
	return l.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		ref := "voucher-lot:" + lotRef
		total := valueCents * int64(len(codes))
		applied, err := post(tx, &Entry{
			ID:          uuid.New(),
			WalletID:    walletID,
			AmountCents: -total,
			Kind:        KindVoucherLot,
			ExternalRef: &ref,
			Description: fmt.Sprintf("%d vouchers of %d", len(codes), valueCents),
		})
		if err != nil {
			return err
		}
		if !applied {
			return nil
		}
		vs := make([]Voucher, 0, len(codes))
		for _, c := range codes {
			vs = append(vs, Voucher{Code: c, WalletID: walletID, LotRef: lotRef, ValueCents: valueCents, Status: "issued"})
		}
		return tx.CreateInBatches(vs, 200).Error
	})
}
