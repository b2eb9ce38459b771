package journal

import (
	"context"
	"database/sql"
	"errors"

	"github.com/jmoiron/sqlx"

	"github.com/sealpoint-labs/notary/internal/apperr"
	"github.com/sealpoint-labs/notary/internal/dbx"
	"github.com/sealpoint-labs/notary/internal/domain"
)

type Repository interface {
	Insert(ctx context.Context, e domain.JournalEntry) error
	Get(ctx context.Context, id string) (domain.JournalEntry, error)
}

type pgRepo struct {
	db *sqlx.DB
}

func NewRepository(db *sqlx.DB) Repository {
	return &pgRepo{db: db}
}

func (r *pgRepo) Insert(ctx context.Context, e domain.JournalEntry) error {
	_, err := sqlx.NamedExecContext(ctx, dbx.Ext(ctx, r.db), `
		INSERT INTO journal_entries
			(id, notary_id, session_id, seal_id, act_type, document_title, signer_name,
			 id_method, fee_cents, notes, recording_video_key, entered_at)
		VALUES
			(:id, :notary_id, :session_id, :seal_id, :act_type, :document_title, :signer_name,
			 :id_method, :fee_cents, :notes, :recording_video_key, :entered_at)`, e)
	return err
}

func (r *pgRepo) Get(ctx context.Context, id string) (domain.JournalEntry, error) {
	var e domain.JournalEntry
	err := sqlx.GetContext(ctx, dbx.Ext(ctx, r.db), &e, `SELECT * FROM journal_entries WHERE id = $1`, id)
	if errors.Is(err, sql.ErrNoRows) {
		return e, apperr.NotFound("journal entry %s not found", id)
	}
	return e, err
}
