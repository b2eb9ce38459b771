package store

import (
	"context"
	"fmt"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/tldhouse/registrar/internal/db"
	"github.com/tldhouse/registrar/internal/model"
)

type Transfers struct {
	conn *db.Conn
}

func NewTransfers(conn *db.Conn) *Transfers { return &Transfers{conn: conn} }

var transferCols = []string{
	"id", "account_id", "order_id", "domain_name", "direction", "status",
	"coalesce(registry_transfer_id, '')", "coalesce(gaining_registrar, '')", "coalesce(workflow_id, '')",
	"requested_at", "completed_at",
}

func scanTransfer(row pgx.Row) (model.Transfer, error) {
	var t model.Transfer
	err := row.Scan(&t.ID, &t.AccountID, &t.OrderID, &t.DomainName, &t.Direction, &t.Status,
		&t.RegistryTransferID, &t.GainingRegistrar, &t.WorkflowID, &t.RequestedAt, &t.CompletedAt)
	return t, err
}

func transferInsert(t model.Transfer) sq.InsertBuilder {
	return db.SB.Insert("transfers").
		Columns("id", "account_id", "order_id", "domain_name", "direction", "status",
			"registry_transfer_id", "gaining_registrar", "workflow_id", "requested_at").
		Values(t.ID, t.AccountID, t.OrderID, t.DomainName, t.Direction, t.Status,
			nullable(t.RegistryTransferID), nullable(t.GainingRegistrar), nullable(t.WorkflowID), t.RequestedAt)
}

func (r *Transfers) Insert(ctx context.Context, t model.Transfer) error {
	if _, err := db.Exec(ctx, r.conn.Q(ctx), transferInsert(t)); err != nil {
		return fmt.Errorf("insert transfer: %w", err)
	}
	return nil
}

// InsertFromRegistry records a transfer the registry told us about.
func (r *Transfers) InsertFromRegistry(ctx context.Context, t model.Transfer) (bool, error) {
	q := transferInsert(t).Suffix("ON CONFLICT (registry_transfer_id) DO NOTHING")
	n, err := db.Exec(ctx, r.conn.Q(ctx), q)
	return n == 1, err
}

func (r *Transfers) Get(ctx context.Context, id uuid.UUID) (model.Transfer, error) {
	q := db.SB.Select(transferCols...).From("transfers").Where(sq.Eq{"id": id})
	return db.Get(ctx, r.conn.Q(ctx), q, scanTransfer)
}

func (r *Transfers) GetByRegistryID(ctx context.Context, registryID string) (model.Transfer, error) {
	q := db.SB.Select(transferCols...).From("transfers").Where(sq.Eq{"registry_transfer_id": registryID})
	return db.Get(ctx, r.conn.Q(ctx), q, scanTransfer)
}

func (r *Transfers) SetRegistryID(ctx context.Context, id uuid.UUID, registryID string) error {
	q := db.SB.Update("transfers").Set("registry_transfer_id", registryID).Set("status", "pending_registry").
		Where(sq.Eq{"id": id})
	_, err := db.Exec(ctx, r.conn.Q(ctx), q)
	return err
}

func (r *Transfers) SetWorkflow(ctx context.Context, id uuid.UUID, workflowID string) error {
	q := db.SB.Update("transfers").Set("workflow_id", workflowID).Where(sq.Eq{"id": id})
	_, err := db.Exec(ctx, r.conn.Q(ctx), q)
	return err
}

func (r *Transfers) Complete(ctx context.Context, id uuid.UUID, status string, at time.Time) error {
	q := db.SB.Update("transfers").Set("status", status).Set("completed_at", at).
		Where(sq.Eq{"id": id})
	_, err := db.Exec(ctx, r.conn.Q(ctx), q)
	return err
}
