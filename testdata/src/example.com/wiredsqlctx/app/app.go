// Package app handles transfers through a unit of work and a repository
// of accounts, both behind interfaces.
package app

import (
	"context"
	"net/http"
)

// UnitOfWork runs work in one transaction.
type UnitOfWork interface {
	WithinTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// Accounts moves money.
type Accounts interface {
	Debit(ctx context.Context, id string, n int64) error
	Record(ctx context.Context, id string, n int64) error
}

// Handler serves transfers.
type Handler struct {
	Work     UnitOfWork
	Accounts Accounts
}

// Transfer debits and records in the unit of work's transaction, which
// it puts in the context the writes take their handle from.
func (h *Handler) Transfer(w http.ResponseWriter, r *http.Request) {
	h.Work.WithinTx(r.Context(), func(ctx context.Context) error {
		if err := h.Accounts.Debit(ctx, "a", 10); err != nil {
			return err
		}
		return h.Accounts.Record(ctx, "a", -10)
	})
}

// TransferLoose does the same on the request's context, which carries
// no transaction: each write commits on its own.
func (h *Handler) TransferLoose(w http.ResponseWriter, r *http.Request) {
	if err := h.Accounts.Debit(r.Context(), "a", 10); err != nil {
		return
	}
	h.Accounts.Record(r.Context(), "a", -10)
}

// Points moves points, on the handle another package chooses.
type Points interface {
	Take(ctx context.Context, id string, n int64) error
	Note(ctx context.Context, id string, n int64) error
}

// PointsHandler serves spending points.
type PointsHandler struct {
	Work   UnitOfWork
	Points Points
}

// Spend takes and notes in the unit of work's transaction.
func (h *PointsHandler) Spend(w http.ResponseWriter, r *http.Request) {
	h.Work.WithinTx(r.Context(), func(ctx context.Context) error {
		if err := h.Points.Take(ctx, "a", 10); err != nil {
			return err
		}
		return h.Points.Note(ctx, "a", -10)
	})
}

// SpendLoose does the same on the request's context: each write commits
// on its own.
func (h *PointsHandler) SpendLoose(w http.ResponseWriter, r *http.Request) {
	if err := h.Points.Take(r.Context(), "a", 10); err != nil {
		return
	}
	h.Points.Note(r.Context(), "a", -10)
}

// Rewards grants rewards.
type Rewards interface {
	Add(ctx context.Context, id string, n int64) error
	Log(ctx context.Context, id string, n int64) error
}

// RewardsHandler serves granting rewards.
type RewardsHandler struct {
	Work    UnitOfWork
	Rewards Rewards
}

// Grant adds and logs in the unit of work's transaction.
func (h *RewardsHandler) Grant(w http.ResponseWriter, r *http.Request) {
	h.Work.WithinTx(r.Context(), func(ctx context.Context) error {
		if err := h.Rewards.Add(ctx, "a", 10); err != nil {
			return err
		}
		return h.Rewards.Log(ctx, "a", 10)
	})
}

// GrantLoose does the same on the request's context: each write commits
// on its own.
func (h *RewardsHandler) GrantLoose(w http.ResponseWriter, r *http.Request) {
	if err := h.Rewards.Add(r.Context(), "a", 10); err != nil {
		return
	}
	h.Rewards.Log(r.Context(), "a", 10)
}

// Credits grants credits.
type Credits interface {
	Grant(ctx context.Context, id string, n int64) error
	Note(ctx context.Context, id string, n int64) error
}

// CreditsHandler serves credit grants.
type CreditsHandler struct {
	Work    UnitOfWork
	Credits Credits
}

// Grant grants and notes in one unit of work.
func (h *CreditsHandler) Grant(w http.ResponseWriter, r *http.Request) {
	h.Work.WithinTx(r.Context(), func(ctx context.Context) error {
		if err := h.Credits.Grant(ctx, "a", 10); err != nil {
			return err
		}
		return h.Credits.Note(ctx, "a", 10)
	})
}

// GrantLoose grants and notes, each on its own.
func (h *CreditsHandler) GrantLoose(w http.ResponseWriter, r *http.Request) {
	if err := h.Credits.Grant(r.Context(), "a", 10); err != nil {
		return
	}
	h.Credits.Note(r.Context(), "a", 10)
}

// Holdings moves held amounts.
type Holdings interface {
	Take(ctx context.Context, id string, n int64) error
	Give(ctx context.Context, id string, n int64) error
	Move(ctx context.Context, from, to string, n int64) error
}

// HoldingsHandler serves moving held amounts.
type HoldingsHandler struct {
	Work     UnitOfWork
	Holdings Holdings
}

// Move moves in the repository's own transaction.
func (h *HoldingsHandler) Move(w http.ResponseWriter, r *http.Request) {
	h.Holdings.Move(r.Context(), "a", "b", 10)
}

// MoveLoose takes and gives, each on its own.
func (h *HoldingsHandler) MoveLoose(w http.ResponseWriter, r *http.Request) {
	if err := h.Holdings.Take(r.Context(), "a", 10); err != nil {
		return
	}
	h.Holdings.Give(r.Context(), "b", 10)
}

// TakeThenMove takes on its own, then moves in another transaction.
func (h *HoldingsHandler) TakeThenMove(w http.ResponseWriter, r *http.Request) {
	if err := h.Holdings.Take(r.Context(), "a", 10); err != nil {
		return
	}
	h.Holdings.Move(r.Context(), "b", "c", 10)
}

// MoveInWork takes and moves in the unit of work's transaction, which
// the repository's own joins.
func (h *HoldingsHandler) MoveInWork(w http.ResponseWriter, r *http.Request) {
	h.Work.WithinTx(r.Context(), func(ctx context.Context) error {
		if err := h.Holdings.Take(ctx, "a", 10); err != nil {
			return err
		}
		return h.Holdings.Move(ctx, "b", "c", 10)
	})
}

// Fees charges fees.
type Fees interface {
	Charge(ctx context.Context, id string, n int64) error
	Note(ctx context.Context, id string, n int64) error
}

// FeesHandler serves fees.
type FeesHandler struct {
	Work UnitOfWork
	Fees Fees
}

// Charge charges and notes in the unit of work's transaction.
func (h *FeesHandler) Charge(w http.ResponseWriter, r *http.Request) {
	h.Work.WithinTx(r.Context(), func(ctx context.Context) error {
		if err := h.Fees.Charge(ctx, "a", 10); err != nil {
			return err
		}
		return h.Fees.Note(ctx, "a", 10)
	})
}

// ChargeLoose charges and notes, each on its own.
func (h *FeesHandler) ChargeLoose(w http.ResponseWriter, r *http.Request) {
	if err := h.Fees.Charge(r.Context(), "a", 10); err != nil {
		return
	}
	h.Fees.Note(r.Context(), "a", 10)
}

// Ledgers add and log rewards.
type Ledgers interface {
	Add(ctx context.Context, id string, n int64) error
	Log(ctx context.Context, id string, n int64) error
}

// LedgerHandler serves ledger entries.
type LedgerHandler struct {
	Work    UnitOfWork
	Ledgers Ledgers
}

// Enter adds and logs in the unit of work's transaction.
func (h *LedgerHandler) Enter(w http.ResponseWriter, r *http.Request) {
	h.Work.WithinTx(r.Context(), func(ctx context.Context) error {
		if err := h.Ledgers.Add(ctx, "a", 1); err != nil {
			return err
		}
		return h.Ledgers.Log(ctx, "a", 1)
	})
}

// EnterLoose does both on the request's context: each commits alone.
func (h *LedgerHandler) EnterLoose(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	if err := h.Ledgers.Add(ctx, "b", 1); err != nil {
		return
	}
	h.Ledgers.Log(ctx, "b", 1)
}
