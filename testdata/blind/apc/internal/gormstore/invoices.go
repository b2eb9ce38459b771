package gormstore

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/quillpress/apcdesk/internal/domain"
)

type invoiceRepo struct{ db *gorm.DB }

func (r invoiceRepo) NextNumber(ctx context.Context, journal string) (string, error) {
	var n int64
	if err := r.db.WithContext(ctx).Raw("SELECT nextval('invoice_number_seq')").Scan(&n).Error; err != nil {
		return "", fmt.Errorf("next invoice number: %w", err)
	}
	return fmt.Sprintf("%s-%d-%07d", journal, time.Now().UTC().Year(), n), nil
}

func (r invoiceRepo) Create(ctx context.Context, inv *domain.Invoice) error {
	m := toInvoiceModel(*inv)
	if err := r.db.WithContext(ctx).Create(&m).Error; err != nil {
		return translate(err)
	}
	return nil
}

func (r invoiceRepo) CreateAPCIfAbsent(ctx context.Context, inv *domain.Invoice) (bool, error) {
	m := toInvoiceModel(*inv)
	res := r.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns: []clause.Column{{Name: "manuscript_id"}},
		TargetWhere: clause.Where{Exprs: []clause.Expression{
			clause.Eq{Column: clause.Column{Name: "kind"}, Value: string(domain.InvoiceKindAPC)},
		}},
		DoNothing: true,
	}).Create(&m)
	if res.Error != nil {
		return false, translate(res.Error)
	}
	return res.RowsAffected == 1, nil
}

func (r invoiceRepo) Get(ctx context.Context, id string) (domain.Invoice, error) {
	var m invoiceModel
	if err := r.db.WithContext(ctx).First(&m, "id = ?", id).Error; err != nil {
		return domain.Invoice{}, translate(err)
	}
	return fromInvoiceModel(m), nil
}

func (r invoiceRepo) GetForUpdate(ctx context.Context, id string) (domain.Invoice, error) {
	var m invoiceModel
	err := r.db.WithContext(ctx).
		Clauses(clause.Locking{Strength: "UPDATE"}).
		First(&m, "id = ?", id).Error
	if err != nil {
		return domain.Invoice{}, translate(err)
	}
	return fromInvoiceModel(m), nil
}

func (r invoiceRepo) ByManuscript(ctx context.Context, manuscriptID string) (domain.Invoice, error) {
	var m invoiceModel
	err := r.db.WithContext(ctx).
		Where("manuscript_id = ? AND kind = ?", manuscriptID, domain.InvoiceKindAPC).
		First(&m).Error
	if err != nil {
		return domain.Invoice{}, translate(err)
	}
	return fromInvoiceModel(m), nil
}

func (r invoiceRepo) ApplyDiscount(ctx context.Context, id string, discountCents int64) error {
	res := r.db.WithContext(ctx).Model(&invoiceModel{}).
		Where("id = ?", id).
		Updates(map[string]any{
			"discount_cents":   gorm.Expr("discount_cents + ?", discountCents),
			"amount_due_cents": gorm.Expr("GREATEST(amount_due_cents - ?, 0)", discountCents),
			"updated_at":       gorm.Expr("now()"),
		})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return domain.ErrNotFound
	}
	return nil
}

func (r invoiceRepo) AddAdjustment(ctx context.Context, adj domain.Adjustment) error {
	return r.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		m := adjustmentModel{
			ID:         adj.ID,
			InvoiceID:  adj.InvoiceID,
			DeltaCents: adj.DeltaCents,
			Reason:     adj.Reason,
			CreatedAt:  adj.CreatedAt,
		}
		if err := tx.Create(&m).Error; err != nil {
			return translate(err)
		}
		return tx.Model(&invoiceModel{}).
			Where("id = ?", adj.InvoiceID).
			Updates(map[string]any{
				"list_price_cents": gorm.Expr("list_price_cents + ?", adj.DeltaCents),
				"amount_due_cents": gorm.Expr("GREATEST(amount_due_cents + ?, 0)", adj.DeltaCents),
				"updated_at":       gorm.Expr("now()"),
			}).Error
	})
}

func (r invoiceRepo) Transition(ctx context.Context, id string, to domain.InvoiceStatus, from ...domain.InvoiceStatus) (bool, error) {
	res := r.db.WithContext(ctx).Model(&invoiceModel{}).
		Where("id = ? AND status IN ?", id, statusStrings(from)).
		Updates(map[string]any{"status": string(to), "updated_at": gorm.Expr("now()")})
	if res.Error != nil {
		return false, res.Error
	}
	return res.RowsAffected == 1, nil
}

func (r invoiceRepo) MarkPaid(ctx context.Context, id string, at time.Time) (bool, error) {
	res := r.db.WithContext(ctx).Model(&invoiceModel{}).
		Where("id = ? AND status = ?", id, domain.InvoiceOpen).
		Updates(map[string]any{"status": string(domain.InvoicePaid), "paid_at": at, "updated_at": at})
	if res.Error != nil {
		return false, res.Error
	}
	return res.RowsAffected == 1, nil
}

func (r invoiceRepo) MarkSettled(ctx context.Context, id, agreementID string, at time.Time) (bool, error) {
	res := r.db.WithContext(ctx).Model(&invoiceModel{}).
		Where("id = ? AND status = ?", id, domain.InvoiceOpen).
		Updates(map[string]any{
			"status":       string(domain.InvoiceSettled),
			"agreement_id": agreementID,
			"paid_at":      at,
			"updated_at":   at,
		})
	if res.Error != nil {
		return false, res.Error
	}
	return res.RowsAffected == 1, nil
}

func (r invoiceRepo) MarkEmailed(ctx context.Context, id string, at time.Time) error {
	return r.db.WithContext(ctx).Model(&invoiceModel{}).
		Where("id = ?", id).
		Updates(map[string]any{"emailed_at": at, "updated_at": at}).Error
}

func (r invoiceRepo) RecordReminder(ctx context.Context, id string, at time.Time) error {
	return r.db.WithContext(ctx).Model(&invoiceModel{}).
		Where("id = ?", id).
		Updates(map[string]any{
			"last_reminded_at": at,
			"reminder_count":   gorm.Expr("reminder_count + 1"),
			"updated_at":       at,
		}).Error
}

func (r invoiceRepo) ListOverdue(ctx context.Context, asOf time.Time, remindEvery time.Duration, limit int) ([]domain.Invoice, error) {
	var rows []invoiceModel
	err := r.db.WithContext(ctx).
		Where("status = ? AND due_at < ?", domain.InvoiceOpen, asOf).
		Where("last_reminded_at IS NULL OR last_reminded_at < ?", asOf.Add(-remindEvery)).
		Order("due_at").
		Limit(limit).
		Find(&rows).Error
	if err != nil {
		return nil, err
	}
	return mapSlice(rows, fromInvoiceModel), nil
}

func statusStrings(in []domain.InvoiceStatus) []string {
	out := make([]string, len(in))
	for i, s := range in {
		out[i] = string(s)
	}
	return out
}

func mapSlice[M any, D any](in []M, fn func(M) D) []D {
	out := make([]D, 0, len(in))
	for _, m := range in {
		out = append(out, fn(m))
	}
	return out
}

func toInvoiceModel(i domain.Invoice) invoiceModel {
	return invoiceModel{
		ID:             i.ID,
		Number:         i.Number,
		Kind:           string(i.Kind),
		ManuscriptID:   nullable(i.ManuscriptID),
		ArticleID:      nullable(i.ArticleID),
		DOI:            nullable(i.DOI),
		ArticleTitle:   nullable(i.ArticleTitle),
		ArticleType:    nullable(i.ArticleType),
		JournalCode:    i.JournalCode,
		PayerType:      string(i.PayerType),
		PayerName:      i.PayerName,
		PayerEmail:     i.PayerEmail,
		InstitutionID:  nullable(i.InstitutionID),
		AgreementID:    nullable(i.AgreementID),
		Currency:       i.Currency,
		ListPriceCents: i.ListPriceCents,
		DiscountCents:  i.DiscountCents,
		AmountDueCents: i.AmountDueCents,
		Status:         string(i.Status),
		IssuedAt:       i.IssuedAt,
		DueAt:          i.DueAt,
		PaidAt:         i.PaidAt,
		EmailedAt:      i.EmailedAt,
		LastRemindedAt: i.LastRemindedAt,
		ReminderCount:  i.ReminderCount,
	}
}

func fromInvoiceModel(m invoiceModel) domain.Invoice {
	return domain.Invoice{
		ID:             m.ID,
		Number:         m.Number,
		Kind:           domain.InvoiceKind(m.Kind),
		ManuscriptID:   deref(m.ManuscriptID),
		ArticleID:      deref(m.ArticleID),
		DOI:            deref(m.DOI),
		ArticleTitle:   deref(m.ArticleTitle),
		ArticleType:    deref(m.ArticleType),
		JournalCode:    m.JournalCode,
		PayerType:      domain.PayerType(m.PayerType),
		PayerName:      m.PayerName,
		PayerEmail:     m.PayerEmail,
		InstitutionID:  deref(m.InstitutionID),
		AgreementID:    deref(m.AgreementID),
		Currency:       m.Currency,
		ListPriceCents: m.ListPriceCents,
		DiscountCents:  m.DiscountCents,
		AmountDueCents: m.AmountDueCents,
		Status:         domain.InvoiceStatus(m.Status),
		IssuedAt:       m.IssuedAt,
		DueAt:          m.DueAt,
		PaidAt:         m.PaidAt,
		EmailedAt:      m.EmailedAt,
		LastRemindedAt: m.LastRemindedAt,
		ReminderCount:  m.ReminderCount,
	}
}
