package store

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"

	"github.com/haulgrid/loadboard/internal/domain"
	"github.com/haulgrid/loadboard/internal/platform/ids"
)

// DocumentRepo stores references to files attached to loads. Each load
// holds at most one document of each type.
type DocumentRepo struct {
	db *gorm.DB
}

func NewDocumentRepo(db *gorm.DB) *DocumentRepo { return &DocumentRepo{db: db} }

const insertDocumentSQL = `
INSERT INTO load_documents (id, load_id, doc_type, storage_url, source, created_at)
VALUES (?, ?, ?, ?, ?, ?)`

// Attach records a document on a load.
func (r *DocumentRepo) Attach(ctx context.Context, d *domain.Document) error {
	if d.ID == "" {
		d.ID = ids.New()
	}
	if d.CreatedAt.IsZero() {
		d.CreatedAt = time.Now().UTC()
	}
	err := conn(ctx, r.db).Exec(insertDocumentSQL,
		d.ID, d.LoadID, string(d.Type), d.StorageURL, d.Source, d.CreatedAt).Error
	if err != nil {
		return fmt.Errorf("attach %s to load %s: %w", d.Type, d.LoadID, err)
	}
	return nil
}

// ForLoad lists the documents on a load.
func (r *DocumentRepo) ForLoad(ctx context.Context, loadID string) ([]domain.Document, error) {
	type docRow struct {
		ID         string
		LoadID     string
		DocType    string
		StorageURL string
		Source     string
		CreatedAt  time.Time
	}
	var rows []docRow
	err := conn(ctx, r.db).Table("load_documents").
		Where("load_id = ?", loadID).
		Order("created_at").
		Find(&rows).Error
	if err != nil {
		return nil, err
	}
	out := make([]domain.Document, len(rows))
	for i, row := range rows {
		out[i] = domain.Document{
			ID: row.ID, LoadID: row.LoadID, Type: domain.DocumentType(row.DocType),
			StorageURL: row.StorageURL, Source: row.Source, CreatedAt: row.CreatedAt,
		}
	}
	return out, nil
}
