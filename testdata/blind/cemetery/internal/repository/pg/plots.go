package pg

import (
	"context"

	"github.com/jmoiron/sqlx"

	"github.com/hollowpine-memorial/plotkeeper/internal/domain"
)

type Plots struct {
	store[domain.Plot]
}

func NewPlots(db *sqlx.DB) *Plots {
	return &Plots{newStore[domain.Plot](db, "plots")}
}

func (r *Plots) Get(ctx context.Context, id string) (domain.Plot, error) {
	return r.get(ctx, `
		SELECT id, section, row_label, position, status, owner_family_id, held_by_reservation, updated_at
		FROM plots WHERE id = $1`, id)
}

func (r *Plots) Hold(ctx context.Context, plotID, reservationID string) (bool, error) {
	n, err := r.exec(ctx, `
		UPDATE plots
		SET status = 'held', held_by_reservation = $2, updated_at = now()
		WHERE id = $1
		  AND (status = 'available' OR (status = 'held' AND held_by_reservation = $2))`,
		plotID, reservationID)
	return n == 1, err
}

func (r *Plots) Release(ctx context.Context, plotID, reservationID string) error {
	_, err := r.exec(ctx, `
		UPDATE plots
		SET status = 'available', owner_family_id = NULL, held_by_reservation = NULL, updated_at = now()
		WHERE id = $1 AND held_by_reservation = $2`, plotID, reservationID)
	return err
}

func (r *Plots) AssignOwner(ctx context.Context, plotID, familyID string) error {
	_, err := r.exec(ctx, `
		UPDATE plots
		SET owner_family_id = $2, status = 'owned', updated_at = now()
		WHERE id = $1`, plotID, familyID)
	return err
}

type Transfers struct {
	store[domain.PlotTransfer]
}

func NewTransfers(db *sqlx.DB) *Transfers {
	return &Transfers{newStore[domain.PlotTransfer](db, "plot_transfers")}
}

func (r *Transfers) Insert(ctx context.Context, t domain.PlotTransfer) error {
	return r.insert(ctx, `
		INSERT INTO plot_transfers (id, plot_id, transfer_number, from_family_id, to_family_id, recorded_by, recorded_at)
		VALUES (:id, :plot_id, :transfer_number, :from_family_id, :to_family_id, :recorded_by, :recorded_at)`, t)
}
