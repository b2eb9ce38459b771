package repo

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/lexicaassess/examreg/internal/model"
	"github.com/lexicaassess/examreg/internal/platform/dbx"
)

// Certificates stores certificates, print orders and dispatch tracking.
type Certificates struct{ db *gorm.DB }

// NewCertificates returns a Certificates repository.
func NewCertificates(db *gorm.DB) *Certificates { return &Certificates{db: db} }

// Get loads a certificate.
func (r *Certificates) Get(ctx context.Context, id string) (*model.Certificate, error) {
	var c model.Certificate
	if err := dbx.Conn(ctx, r.db).First(&c, "id = ?", id).Error; err != nil {
		return nil, notFound(err)
	}
	return &c, nil
}

// AddReprint records a reprint and bumps the counter.
func (r *Certificates) AddReprint(ctx context.Context, rp *model.CertificateReprint) error {
	return dbx.InTx(ctx, r.db, func(ctx context.Context) error {
		db := dbx.Conn(ctx, r.db)
		if err := db.Create(rp).Error; err != nil {
			return err
		}
		return db.Model(&model.Certificate{}).Where("id = ?", rp.CertificateID).
			Update("reprint_count", gorm.Expr("reprint_count + 1")).Error
	})
}

// EnsurePrintOrder creates the print order row for a certificate if it does
// not exist yet and returns the stored row.
func (r *Certificates) EnsurePrintOrder(ctx context.Context, certificateID string) (*model.PrintOrder, error) {
	db := dbx.Conn(ctx, r.db)
	po := &model.PrintOrder{ID: "po-" + certificateID, CertificateID: certificateID, Status: "pending"}
	if err := db.Clauses(clause.OnConflict{DoNothing: true}).Create(po).Error; err != nil {
		return nil, err
	}
	var stored model.PrintOrder
	if err := db.First(&stored, "id = ?", po.ID).Error; err != nil {
		return nil, err
	}
	return &stored, nil
}

// MarkOrderSubmitted stores the partner's reference for an order.
func (r *Certificates) MarkOrderSubmitted(ctx context.Context, orderID, partnerRef string) error {
	return dbx.InTx(ctx, r.db, func(ctx context.Context) error {
		db := dbx.Conn(ctx, r.db)
		var po model.PrintOrder
		if err := db.First(&po, "id = ?", orderID).Error; err != nil {
			return err
		}
		if err := db.Model(&po).Updates(map[string]any{
			"status": "submitted", "partner_ref": partnerRef, "attempts": gorm.Expr("attempts + 1"), "updated_at": gorm.Expr("now()"),
		}).Error; err != nil {
			return err
		}
		return db.Model(&model.Certificate{}).
			Where("id = ? AND status = ?", po.CertificateID, model.CertIssued).
			Update("status", model.CertOrdered).Error
	})
}

// MarkOrderFailed records a failed submission.
func (r *Certificates) MarkOrderFailed(ctx context.Context, orderID, msg string) error {
	return dbx.Conn(ctx, r.db).Model(&model.PrintOrder{}).Where("id = ?", orderID).
		Updates(map[string]any{"status": "failed", "last_error": msg, "attempts": gorm.Expr("attempts + 1"), "updated_at": gorm.Expr("now()")}).Error
}

// StuckOrders lists orders that have not reached the partner.
func (r *Certificates) StuckOrders(ctx context.Context, olderThan time.Time, limit int) ([]model.PrintOrder, error) {
	var out []model.PrintOrder
	err := dbx.Conn(ctx, r.db).
		Where("status IN ('pending','failed') AND updated_at < ? AND attempts < 20", olderThan).
		Order("created_at").Limit(limit).Find(&out).Error
	return out, err
}

// InsertDispatchEvent stores one tracking event from the print partner.
func (r *Certificates) InsertDispatchEvent(ctx context.Context, ref string, seq int, status, detail string, at time.Time) error {
	return execInsert(ctx, r.db, "dispatch_events",
		[]string{"partner_ref", "seq", "status", "detail", "occurred_at"},
		ref, seq, status, detail, at)
}

// AdvanceByPartnerRef moves the certificate behind a print order forward.
// Only forward transitions apply, so replays and out-of-order events are no-ops.
func (r *Certificates) AdvanceByPartnerRef(ctx context.Context, ref, to string, from ...string) error {
	return dbx.Conn(ctx, r.db).Exec(`
		UPDATE certificates c SET status = ?, updated_at = now()
		  FROM print_orders po
		 WHERE po.certificate_id = c.id AND po.partner_ref = ? AND c.status IN ?`,
		to, ref, from).Error
}

// PrintOrderFor returns the print order of a certificate.
func (r *Certificates) PrintOrderFor(ctx context.Context, certificateID string) (*model.PrintOrder, error) {
	var po model.PrintOrder
	if err := dbx.Conn(ctx, r.db).First(&po, "certificate_id = ?", certificateID).Error; err != nil {
		return nil, notFound(err)
	}
	return &po, nil
}
