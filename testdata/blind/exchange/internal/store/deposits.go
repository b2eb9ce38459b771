package store

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/halyard/funding/internal/platform/database"
)

// BankDepositRepo persists bank credits.
type BankDepositRepo interface {
	ResolveReference(ctx context.Context, code string) (string, error)
	InsertIfAbsent(ctx context.Context, d *BankDeposit) (bool, error)
	ListByValueDate(ctx context.Context, bankAccount string, day time.Time) ([]BankDeposit, error)
}

type bankDepositRepo struct{ db bun.IDB }

func (r *bankDepositRepo) ResolveReference(ctx context.Context, code string) (string, error) {
	ref := new(DepositReference)
	if err := r.db.NewSelect().Model(ref).Where("code = ?", code).Scan(ctx); err != nil {
		return "", notFound(err)
	}
	return ref.UserID, nil
}

func (r *bankDepositRepo) InsertIfAbsent(ctx context.Context, d *BankDeposit) (bool, error) {
	res, err := r.db.NewInsert().Model(d).On("CONFLICT (bank_txn_ref) DO NOTHING").Exec(ctx)
	if err != nil {
		return false, err
	}
	return database.RowsAffected(res) == 1, nil
}

func (r *bankDepositRepo) ListByValueDate(ctx context.Context, bankAccount string, day time.Time) ([]BankDeposit, error) {
	var out []BankDeposit
	err := r.db.NewSelect().Model(&out).
		Where("bank_account = ?", bankAccount).
		Where("value_date = ?", day.Format("2006-01-02")).
		Scan(ctx)
	return out, err
}

// CryptoDepositRepo persists on-chain deposits.
type CryptoDepositRepo interface {
	InsertIfAbsent(ctx context.Context, d *CryptoDeposit) (bool, error)
	Get(ctx context.Context, id string) (*CryptoDeposit, error)
	GetByOutput(ctx context.Context, chain, txHash string, index int) (*CryptoDeposit, error)
	GetByOutputForUpdate(ctx context.Context, chain, txHash string, index int) (*CryptoDeposit, error)
	UpdateConfirmations(ctx context.Context, id string, n int, height int64) error
	MarkCredited(ctx context.Context, id string) error
	MarkReversed(ctx context.Context, id string) error
	SetReviewStatus(ctx context.Context, id, status string) error
}

type cryptoDepositRepo struct{ db bun.IDB }

func (r *cryptoDepositRepo) InsertIfAbsent(ctx context.Context, d *CryptoDeposit) (bool, error) {
	res, err := r.db.NewInsert().Model(d).On("CONFLICT (chain, tx_hash, output_index) DO NOTHING").Exec(ctx)
	if err != nil {
		return false, err
	}
	return database.RowsAffected(res) == 1, nil
}

func (r *cryptoDepositRepo) Get(ctx context.Context, id string) (*CryptoDeposit, error) {
	d := new(CryptoDeposit)
	if err := r.db.NewSelect().Model(d).Where("id = ?", id).Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	return d, nil
}

func (r *cryptoDepositRepo) byOutput(ctx context.Context, lock bool, chain, txHash string, index int) (*CryptoDeposit, error) {
	d := new(CryptoDeposit)
	q := r.db.NewSelect().Model(d).
		Where("chain = ?", chain).
		Where("tx_hash = ?", txHash).
		Where("output_index = ?", index)
	if lock {
		q = q.For("UPDATE")
	}
	if err := q.Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	return d, nil
}

func (r *cryptoDepositRepo) GetByOutput(ctx context.Context, chain, txHash string, index int) (*CryptoDeposit, error) {
	return r.byOutput(ctx, false, chain, txHash, index)
}

func (r *cryptoDepositRepo) GetByOutputForUpdate(ctx context.Context, chain, txHash string, index int) (*CryptoDeposit, error) {
	return r.byOutput(ctx, true, chain, txHash, index)
}

func (r *cryptoDepositRepo) UpdateConfirmations(ctx context.Context, id string, n int, height int64) error {
	_, err := r.db.NewUpdate().Model((*CryptoDeposit)(nil)).
		Set("confirmations = GREATEST(confirmations, ?)", n).
		Set("block_height = ?", height).
		Where("id = ?", id).
		Exec(ctx)
	return err
}

func (r *cryptoDepositRepo) MarkCredited(ctx context.Context, id string) error {
	_, err := r.db.NewUpdate().Model((*CryptoDeposit)(nil)).
		Set("status = ?", DepositCredited).
		Set("credited_at = now()").
		Where("id = ?", id).
		Exec(ctx)
	return err
}

func (r *cryptoDepositRepo) MarkReversed(ctx context.Context, id string) error {
	_, err := r.db.NewUpdate().Model((*CryptoDeposit)(nil)).
		Set("status = ?", DepositReversed).
		Where("id = ?", id).
		Exec(ctx)
	return err
}

func (r *cryptoDepositRepo) SetReviewStatus(ctx context.Context, id, status string) error {
	_, err := r.db.NewUpdate().Model((*CryptoDeposit)(nil)).
		Set("review_status = ?", status).
		Where("id = ?", id).
		Exec(ctx)
	return err
}

// AddressRepo persists deposit addresses.
type AddressRepo interface {
	Insert(ctx context.Context, a *DepositAddress) error
	Lookup(ctx context.Context, chain, address string) (*DepositAddress, error)
	ListForUser(ctx context.Context, userID, asset string) ([]DepositAddress, error)
}

type addressRepo struct{ db bun.IDB }

func (r *addressRepo) Insert(ctx context.Context, a *DepositAddress) error {
	_, err := r.db.NewInsert().Model(a).Exec(ctx)
	return err
}

func (r *addressRepo) Lookup(ctx context.Context, chain, address string) (*DepositAddress, error) {
	a := new(DepositAddress)
	if err := r.db.NewSelect().Model(a).Where("chain = ?", chain).Where("address = ?", address).Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	return a, nil
}

func (r *addressRepo) ListForUser(ctx context.Context, userID, asset string) ([]DepositAddress, error) {
	var out []DepositAddress
	err := r.db.NewSelect().Model(&out).Where("user_id = ?", userID).Where("asset = ?", asset).
		Order("created_at DESC").Scan(ctx)
	return out, err
}

// TopupRepo persists card top-ups.
type TopupRepo interface {
	Claim(ctx context.Context, t *CardTopup) (bool, error)
	Get(ctx context.Context, id string) (*CardTopup, error)
	GetByKey(ctx context.Context, userID, key string) (*CardTopup, error)
	GetByChargeID(ctx context.Context, chargeID string) (*CardTopup, error)
	AttachCharge(ctx context.Context, id, chargeID, status, redirectURL string) error
	SetStatus(ctx context.Context, id, status string) error
	AddRefund(ctx context.Context, id string, amount int64) error
}

type topupRepo struct{ db bun.IDB }

func (r *topupRepo) Claim(ctx context.Context, t *CardTopup) (bool, error) {
	res, err := r.db.NewInsert().Model(t).On("CONFLICT (user_id, idempotency_key) DO NOTHING").Exec(ctx)
	if err != nil {
		return false, err
	}
	return database.RowsAffected(res) == 1, nil
}

func (r *topupRepo) one(ctx context.Context, where string, args ...any) (*CardTopup, error) {
	t := new(CardTopup)
	if err := r.db.NewSelect().Model(t).Where(where, args...).Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	return t, nil
}

func (r *topupRepo) Get(ctx context.Context, id string) (*CardTopup, error) {
	return r.one(ctx, "id = ?", id)
}

func (r *topupRepo) GetByKey(ctx context.Context, userID, key string) (*CardTopup, error) {
	return r.one(ctx, "user_id = ? AND idempotency_key = ?", userID, key)
}

func (r *topupRepo) GetByChargeID(ctx context.Context, chargeID string) (*CardTopup, error) {
	return r.one(ctx, "charge_id = ?", chargeID)
}

func (r *topupRepo) AttachCharge(ctx context.Context, id, chargeID, status, redirectURL string) error {
	_, err := r.db.NewUpdate().Model((*CardTopup)(nil)).
		Set("charge_id = ?", chargeID).
		Set("status = ?", status).
		Set("redirect_url = ?", redirectURL).
		Set("updated_at = now()").
		Where("id = ?", id).
		Exec(ctx)
	return err
}

func (r *topupRepo) SetStatus(ctx context.Context, id, status string) error {
	_, err := r.db.NewUpdate().Model((*CardTopup)(nil)).
		Set("status = ?", status).
		Set("updated_at = now()").
		Where("id = ?", id).
		Exec(ctx)
	return err
}

func (r *topupRepo) AddRefund(ctx context.Context, id string, amount int64) error {
	_, err := r.db.NewUpdate().Model((*CardTopup)(nil)).
		Set("refunded_amount = refunded_amount + ?", amount).
		Set("status = CASE WHEN refunded_amount + ? >= amount THEN ? ELSE status END", amount, TopupRefunded).
		Set("updated_at = now()").
		Where("id = ?", id).
		Exec(ctx)
	return err
}
