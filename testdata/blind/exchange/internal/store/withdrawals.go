package store

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/halyard/funding/internal/platform/database"
)

// WithdrawalRepo persists withdrawals and their approvals.
type WithdrawalRepo interface {
	Insert(ctx context.Context, w *Withdrawal) error
	InsertIdempotent(ctx context.Context, w *Withdrawal) (bool, error)
	Get(ctx context.Context, id string) (*Withdrawal, error)
	GetForUpdate(ctx context.Context, id string) (*Withdrawal, error)
	GetByIdempotencyKey(ctx context.Context, userID, key string) (*Withdrawal, error)
	GetByCustodyTxID(ctx context.Context, custodyTxID string) (*Withdrawal, error)
	GetByBankPayoutID(ctx context.Context, payoutID string) (*Withdrawal, error)
	GetByTxHashForUpdate(ctx context.Context, network, txHash string) (*Withdrawal, error)
	Transition(ctx context.Context, id string, from []string, to string) (bool, error)
	SetStatus(ctx context.Context, id, status, reason string) error
	SetCustodyTx(ctx context.Context, id, custodyTxID string) error
	SetBankPayout(ctx context.Context, id, payoutID string) error
	MarkBroadcast(ctx context.Context, id, txHash string) error
	SetConfirmations(ctx context.Context, id string, n int) error
	SumSince(ctx context.Context, userID, asset string, since time.Time) (int64, error)
	ListSettledOn(ctx context.Context, currency string, day time.Time) ([]Withdrawal, error)
}

type withdrawalRepo struct{ db bun.IDB }

func (r *withdrawalRepo) Insert(ctx context.Context, w *Withdrawal) error {
	_, err := r.db.NewInsert().Model(w).Exec(ctx)
	return err
}

func (r *withdrawalRepo) InsertIdempotent(ctx context.Context, w *Withdrawal) (bool, error) {
	res, err := r.db.NewInsert().Model(w).
		On("CONFLICT (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING").
		Exec(ctx)
	if err != nil {
		return false, err
	}
	return database.RowsAffected(res) == 1, nil
}

func (r *withdrawalRepo) get(ctx context.Context, forUpdate bool, where string, args ...any) (*Withdrawal, error) {
	w := new(Withdrawal)
	q := r.db.NewSelect().Model(w).Where(where, args...)
	if forUpdate {
		q = q.For("UPDATE")
	}
	if err := q.Limit(1).Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	return w, nil
}

func (r *withdrawalRepo) Get(ctx context.Context, id string) (*Withdrawal, error) {
	return r.get(ctx, false, "id = ?", id)
}

func (r *withdrawalRepo) GetForUpdate(ctx context.Context, id string) (*Withdrawal, error) {
	return r.get(ctx, true, "id = ?", id)
}

func (r *withdrawalRepo) GetByIdempotencyKey(ctx context.Context, userID, key string) (*Withdrawal, error) {
	return r.get(ctx, false, "user_id = ? AND idempotency_key = ?", userID, key)
}

func (r *withdrawalRepo) GetByCustodyTxID(ctx context.Context, custodyTxID string) (*Withdrawal, error) {
	return r.get(ctx, false, "custody_tx_id = ?", custodyTxID)
}

func (r *withdrawalRepo) GetByBankPayoutID(ctx context.Context, payoutID string) (*Withdrawal, error) {
	return r.get(ctx, false, "bank_payout_id = ?", payoutID)
}

func (r *withdrawalRepo) GetByTxHashForUpdate(ctx context.Context, network, txHash string) (*Withdrawal, error) {
	return r.get(ctx, true, "network = ? AND tx_hash = ?", network, txHash)
}

func (r *withdrawalRepo) Transition(ctx context.Context, id string, from []string, to string) (bool, error) {
	res, err := r.db.NewUpdate().Model((*Withdrawal)(nil)).
		Set("status = ?", to).
		Set("updated_at = now()").
		Where("id = ?", id).
		Where("status IN (?)", bun.In(from)).
		Exec(ctx)
	if err != nil {
		return false, err
	}
	return database.RowsAffected(res) == 1, nil
}

func (r *withdrawalRepo) SetStatus(ctx context.Context, id, status, reason string) error {
	_, err := r.db.NewUpdate().Model((*Withdrawal)(nil)).
		Set("status = ?", status).
		Set("failure_reason = ?", reason).
		Set("updated_at = now()").
		Where("id = ?", id).
		Exec(ctx)
	return err
}

func (r *withdrawalRepo) SetCustodyTx(ctx context.Context, id, custodyTxID string) error {
	_, err := r.db.NewUpdate().Model((*Withdrawal)(nil)).
		Set("custody_tx_id = ?", custodyTxID).
		Set("status = ?", WithdrawalSubmitted).
		Set("updated_at = now()").
		Where("id = ?", id).
		Where("status = ?", WithdrawalSubmitting).
		Exec(ctx)
	return err
}

func (r *withdrawalRepo) SetBankPayout(ctx context.Context, id, payoutID string) error {
	_, err := r.db.NewUpdate().Model((*Withdrawal)(nil)).
		Set("bank_payout_id = ?", payoutID).
		Set("status = ?", WithdrawalSubmitted).
		Set("updated_at = now()").
		Where("id = ?", id).
		Where("status = ?", WithdrawalSubmitting).
		Exec(ctx)
	return err
}

func (r *withdrawalRepo) MarkBroadcast(ctx context.Context, id, txHash string) error {
	_, err := r.db.NewUpdate().Model((*Withdrawal)(nil)).
		Set("tx_hash = ?", txHash).
		Set("status = ?", WithdrawalBroadcast).
		Set("updated_at = now()").
		Where("id = ?", id).
		Where("status IN (?)", bun.In([]string{WithdrawalSubmitted, WithdrawalBroadcast})).
		Exec(ctx)
	return err
}

func (r *withdrawalRepo) SetConfirmations(ctx context.Context, id string, n int) error {
	_, err := r.db.NewUpdate().Model((*Withdrawal)(nil)).
		Set("confirmations = GREATEST(confirmations, ?)", n).
		Set("updated_at = now()").
		Where("id = ?", id).
		Exec(ctx)
	return err
}

func (r *withdrawalRepo) SumSince(ctx context.Context, userID, asset string, since time.Time) (int64, error) {
	var total int64
	err := r.db.NewSelect().Model((*Withdrawal)(nil)).
		ColumnExpr("COALESCE(SUM(amount), 0)").
		Where("user_id = ?", userID).
		Where("asset = ?", asset).
		Where("created_at >= ?", since).
		Where("status NOT IN (?)", bun.In([]string{WithdrawalCancelled, WithdrawalRejected, WithdrawalFailed, WithdrawalReturned})).
		Scan(ctx, &total)
	return total, err
}

func (r *withdrawalRepo) ListSettledOn(ctx context.Context, currency string, day time.Time) ([]Withdrawal, error) {
	var out []Withdrawal
	err := r.db.NewSelect().Model(&out).
		Where("rail = ?", RailBank).
		Where("asset = ?", currency).
		Where("status IN (?)", bun.In([]string{WithdrawalSubmitted, WithdrawalCompleted})).
		Where("updated_at >= ? AND updated_at < ?", day, day.AddDate(0, 0, 1)).
		Scan(ctx)
	return out, err
}

// ApprovalRepo stores operator sign-offs.
type ApprovalRepo interface {
	Insert(ctx context.Context, a *WithdrawalApproval) error
	Count(ctx context.Context, withdrawalID string) (int, error)
}

type approvalRepo struct{ db bun.IDB }

func (r *approvalRepo) Insert(ctx context.Context, a *WithdrawalApproval) error {
	_, err := r.db.NewInsert().Model(a).Exec(ctx)
	return err
}

func (r *approvalRepo) Count(ctx context.Context, withdrawalID string) (int, error) {
	return r.db.NewSelect().Model((*WithdrawalApproval)(nil)).Where("withdrawal_id = ?", withdrawalID).Count(ctx)
}

// AttemptRepo is an append-only log of execution attempts.
type AttemptRepo interface {
	Log(ctx context.Context, a *WithdrawalAttempt) error
	Finish(ctx context.Context, id, outcome string) error
}

type attemptRepo struct{ db bun.IDB }

func (r *attemptRepo) Log(ctx context.Context, a *WithdrawalAttempt) error {
	_, err := r.db.NewInsert().Model(a).Exec(ctx)
	return err
}

func (r *attemptRepo) Finish(ctx context.Context, id, outcome string) error {
	_, err := r.db.NewUpdate().Model((*WithdrawalAttempt)(nil)).
		Set("outcome = ?", outcome).Where("id = ?", id).Exec(ctx)
	return err
}

// ObservationRepo records block sightings of withdrawal transactions.
type ObservationRepo interface {
	Record(ctx context.Context, o *ChainObservation) (bool, error)
}

type observationRepo struct{ db bun.IDB }

func (r *observationRepo) Record(ctx context.Context, o *ChainObservation) (bool, error) {
	res, err := r.db.NewInsert().Model(o).On("CONFLICT (chain, tx_hash, block_hash) DO NOTHING").Exec(ctx)
	if err != nil {
		return false, err
	}
	return database.RowsAffected(res) == 1, nil
}
