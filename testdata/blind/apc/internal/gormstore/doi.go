package gormstore

import (
	"context"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/quillpress/apcdesk/internal/domain"
)

type doiRepo struct{ db *gorm.DB }

func (r doiRepo) Create(ctx context.Context, reg *domain.DOIRegistration) error {
	m := doiRegistrationModel{
		ID:         reg.ID,
		ArticleID:  reg.ArticleID,
		InvoiceID:  reg.InvoiceID,
		DOI:        reg.DOI,
		Title:      reg.Title,
		LandingURL: reg.LandingURL,
		Status:     string(reg.Status),
	}
	if err := r.db.WithContext(ctx).Create(&m).Error; err != nil {
		return translate(err)
	}
	reg.CreatedAt = m.CreatedAt
	return nil
}

func (r doiRepo) ByArticle(ctx context.Context, articleID string) (domain.DOIRegistration, error) {
	var m doiRegistrationModel
	if err := r.db.WithContext(ctx).First(&m, "article_id = ?", articleID).Error; err != nil {
		return domain.DOIRegistration{}, translate(err)
	}
	return fromDOIModel(m), nil
}

func (r doiRepo) UpdateMetadata(ctx context.Context, articleID, title, landingURL string) error {
	res := r.db.WithContext(ctx).Model(&doiRegistrationModel{}).
		Where("article_id = ?", articleID).
		Updates(map[string]any{"title": title, "landing_url": landingURL, "updated_at": gorm.Expr("now()")})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return domain.ErrNotFound
	}
	return nil
}

func (r doiRepo) OpenBatch(ctx context.Context, batchID string, limit int) (domain.DOIBatch, []domain.DOIRegistration, error) {
	var (
		batch domain.DOIBatch
		items []domain.DOIRegistration
	)
	err := r.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var pending []doiRegistrationModel
		err := tx.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
			Where("status = ?", domain.DOIPending).
			Order("created_at").
			Limit(limit).
			Find(&pending).Error
		if err != nil || len(pending) == 0 {
			return err
		}
		bm := doiBatchModel{ID: batchID, Status: "open", ItemCount: len(pending)}
		if err := tx.Create(&bm).Error; err != nil {
			return translate(err)
		}
		ids := make([]string, len(pending))
		for i, p := range pending {
			ids[i] = p.ID
		}
		err = tx.Model(&doiRegistrationModel{}).
			Where("id IN ?", ids).
			Updates(map[string]any{
				"status":     string(domain.DOIBatched),
				"batch_id":   batchID,
				"attempts":   gorm.Expr("attempts + 1"),
				"updated_at": gorm.Expr("now()"),
			}).Error
		if err != nil {
			return err
		}
		batch = domain.DOIBatch{ID: bm.ID, Status: bm.Status, ItemCount: bm.ItemCount, CreatedAt: bm.CreatedAt}
		for _, p := range pending {
			p.BatchID = &batchID
			p.Status = string(domain.DOIBatched)
			items = append(items, fromDOIModel(p))
		}
		return nil
	})
	return batch, items, err
}

func (r doiRepo) BatchesInStatus(ctx context.Context, status string, limit int) ([]domain.DOIBatch, error) {
	var rows []doiBatchModel
	if err := r.db.WithContext(ctx).Where("status = ?", status).Order("created_at").Limit(limit).Find(&rows).Error; err != nil {
		return nil, err
	}
	return mapSlice(rows, func(m doiBatchModel) domain.DOIBatch {
		return domain.DOIBatch{ID: m.ID, Status: m.Status, ItemCount: m.ItemCount, CreatedAt: m.CreatedAt}
	}), nil
}

func (r doiRepo) BatchItems(ctx context.Context, batchID string) ([]domain.DOIRegistration, error) {
	var rows []doiRegistrationModel
	if err := r.db.WithContext(ctx).Where("batch_id = ?", batchID).Order("created_at").Find(&rows).Error; err != nil {
		return nil, err
	}
	return mapSlice(rows, fromDOIModel), nil
}

func (r doiRepo) MarkBatchOutcome(ctx context.Context, batchID string, accepted bool, reason string) error {
	return r.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		batchStatus, regUpdates := "accepted", map[string]any{
			"status":     string(domain.DOIRegistered),
			"updated_at": gorm.Expr("now()"),
		}
		if !accepted {
			// Rejected items go back to the pending pool and are picked up
			// by a later batch under a new batch id.
			batchStatus = "rejected"
			regUpdates = map[string]any{
				"status":     string(domain.DOIPending),
				"batch_id":   nil,
				"last_error": reason,
				"updated_at": gorm.Expr("now()"),
			}
		}
		if err := tx.Model(&doiBatchModel{}).Where("id = ?", batchID).Update("status", batchStatus).Error; err != nil {
			return err
		}
		return tx.Model(&doiRegistrationModel{}).
			Where("batch_id = ? AND status = ?", batchID, domain.DOIBatched).
			Updates(regUpdates).Error
	})
}

func fromDOIModel(m doiRegistrationModel) domain.DOIRegistration {
	return domain.DOIRegistration{
		ID:         m.ID,
		ArticleID:  m.ArticleID,
		InvoiceID:  m.InvoiceID,
		DOI:        m.DOI,
		Title:      m.Title,
		LandingURL: m.LandingURL,
		Status:     domain.DOIStatus(m.Status),
		BatchID:    deref(m.BatchID),
		Attempts:   m.Attempts,
		LastError:  deref(m.LastError),
		CreatedAt:  m.CreatedAt,
	}
}
