package gormstore

import (
	"context"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/quillpress/apcdesk/internal/domain"
)

type agreementRepo struct{ db *gorm.DB }

func (r agreementRepo) Get(ctx context.Context, id string) (domain.Agreement, error) {
	var m agreementModel
	if err := r.db.WithContext(ctx).First(&m, "id = ?", id).Error; err != nil {
		return domain.Agreement{}, translate(err)
	}
	return fromAgreementModel(m), nil
}

func (r agreementRepo) ByExternalRef(ctx context.Context, ref string) (domain.Agreement, error) {
	var m agreementModel
	if err := r.db.WithContext(ctx).First(&m, "external_ref = ?", ref).Error; err != nil {
		return domain.Agreement{}, translate(err)
	}
	return fromAgreementModel(m), nil
}

func (r agreementRepo) Upsert(ctx context.Context, a *domain.Agreement) error {
	m := agreementModel{
		ID:            a.ID,
		ExternalRef:   a.ExternalRef,
		InstitutionID: a.InstitutionID,
		Name:          a.Name,
		Currency:      a.Currency,
		Status:        string(a.Status),
		ValidFrom:     a.ValidFrom,
		ValidTo:       a.ValidTo,
	}
	db := r.db.WithContext(ctx)
	err := db.Clauses(clause.OnConflict{
		Columns: []clause.Column{{Name: "external_ref"}},
		DoUpdates: clause.Assignments(map[string]any{
			"institution_id": m.InstitutionID,
			"name":           m.Name,
			"status":         m.Status,
			"valid_from":     m.ValidFrom,
			"valid_to":       m.ValidTo,
			"updated_at":     gorm.Expr("now()"),
		}),
	}).Omit("balance_cents").Create(&m).Error
	if err != nil {
		return translate(err)
	}
	var stored agreementModel
	if err := db.First(&stored, "external_ref = ?", a.ExternalRef).Error; err != nil {
		return translate(err)
	}
	*a = fromAgreementModel(stored)
	return nil
}

func (r agreementRepo) Debit(ctx context.Context, id string, amountCents int64) (bool, error) {
	res := r.db.WithContext(ctx).Model(&agreementModel{}).
		Where("id = ? AND balance_cents >= ?", id, amountCents).
		Updates(map[string]any{
			"balance_cents": gorm.Expr("balance_cents - ?", amountCents),
			"updated_at":    gorm.Expr("now()"),
		})
	if res.Error != nil {
		return false, res.Error
	}
	return res.RowsAffected == 1, nil
}

func (r agreementRepo) Credit(ctx context.Context, id string, amountCents int64) error {
	res := r.db.WithContext(ctx).Model(&agreementModel{}).
		Where("id = ?", id).
		Updates(map[string]any{
			"balance_cents": gorm.Expr("balance_cents + ?", amountCents),
			"updated_at":    gorm.Expr("now()"),
		})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return domain.ErrNotFound
	}
	return nil
}

func (r agreementRepo) AppendLedger(ctx context.Context, e domain.LedgerEntry) error {
	m := ledgerModel{
		ID:          e.ID,
		AgreementID: e.AgreementID,
		InvoiceID:   nullable(e.InvoiceID),
		Kind:        string(e.Kind),
		AmountCents: e.AmountCents,
		SourceRef:   e.SourceRef,
	}
	return translate(r.db.WithContext(ctx).Create(&m).Error)
}

func fromAgreementModel(m agreementModel) domain.Agreement {
	return domain.Agreement{
		ID:            m.ID,
		ExternalRef:   m.ExternalRef,
		InstitutionID: m.InstitutionID,
		Name:          m.Name,
		Currency:      m.Currency,
		BalanceCents:  m.BalanceCents,
		Status:        domain.AgreementStatus(m.Status),
		ValidFrom:     m.ValidFrom,
		ValidTo:       m.ValidTo,
	}
}
