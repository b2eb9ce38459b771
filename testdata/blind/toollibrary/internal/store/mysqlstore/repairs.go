package mysqlstore

import (
	"context"
	"time"

	"github.com/shedshare/toolsd/internal/domain"
)

type repairRepo struct{ q querier }

func (r repairRepo) InsertDamageReport(ctx context.Context, d *domain.DamageReport) error {
	_, err := r.q.NamedExecContext(ctx, `
		INSERT INTO damage_reports (id, loan_id, member_id, tool_id, reported_by, severity, description, created_at)
		VALUES (:id, :loan_id, :member_id, :tool_id, :reported_by, :severity, :description, :created_at)`, d)
	return err
}

func (r repairRepo) GetDamageReport(ctx context.Context, id string) (*domain.DamageReport, error) {
	var d domain.DamageReport
	err := r.q.GetContext(ctx, &d, `
		SELECT id, loan_id, member_id, tool_id, reported_by, severity, description, created_at
		FROM damage_reports WHERE id = ?`, id)
	if err != nil {
		return nil, notFound(err, "damage report "+id)
	}
	return &d, nil
}

const orderCols = `id, damage_report_id, tool_id, partner_id, partner_pickup_id, status, quoted_cents, created_at, updated_at`

func (r repairRepo) GetOrderByReport(ctx context.Context, reportID string) (*domain.RepairOrder, error) {
	var o domain.RepairOrder
	err := r.q.GetContext(ctx, &o, `SELECT `+orderCols+` FROM repair_orders WHERE damage_report_id = ? LIMIT 1`, reportID)
	if err != nil {
		return nil, notFound(err, "repair order for report "+reportID)
	}
	return &o, nil
}

func (r repairRepo) GetOrderByPickup(ctx context.Context, partnerID, pickupID string) (*domain.RepairOrder, error) {
	var o domain.RepairOrder
	err := r.q.GetContext(ctx, &o, `
		SELECT `+orderCols+` FROM repair_orders WHERE partner_id = ? AND partner_pickup_id = ?`, partnerID, pickupID)
	if err != nil {
		return nil, notFound(err, "repair order for pickup "+pickupID)
	}
	return &o, nil
}

func (r repairRepo) InsertOrder(ctx context.Context, o *domain.RepairOrder) error {
	_, err := r.q.NamedExecContext(ctx, `
		INSERT INTO repair_orders (`+orderCols+`)
		VALUES (:id, :damage_report_id, :tool_id, :partner_id, :partner_pickup_id, :status, :quoted_cents, :created_at, :updated_at)`, o)
	return err
}

func (r repairRepo) SetOrderStatus(ctx context.Context, id, status string, quoted *int64, at time.Time) error {
	var q any
	if quoted != nil {
		q = *quoted
	}
	_, err := r.q.ExecContext(ctx, `
		UPDATE repair_orders SET status = ?, quoted_cents = COALESCE(?, quoted_cents), updated_at = ?
		WHERE id = ?`, status, q, at, id)
	return err
}

func (r repairRepo) InsertUpdate(ctx context.Context, u *domain.RepairUpdate) error {
	_, err := r.q.NamedExecContext(ctx, `
		INSERT INTO repair_updates (id, partner_id, partner_event_id, repair_order_id, status, note, quoted_cents, received_at)
		VALUES (:id, :partner_id, :partner_event_id, :repair_order_id, :status, :note, :quoted_cents, :received_at)`, u)
	return err
}

func (r repairRepo) GetPartner(ctx context.Context, id string) (*domain.RepairPartner, error) {
	var p domain.RepairPartner
	err := r.q.GetContext(ctx, &p, `
		SELECT id, name, base_url, categories, webhook_key, active FROM repair_partners WHERE id = ?`, id)
	if err != nil {
		return nil, notFound(err, "repair partner "+id)
	}
	return &p, nil
}

func (r repairRepo) ActivePartners(ctx context.Context) ([]domain.RepairPartner, error) {
	var out []domain.RepairPartner
	err := r.q.SelectContext(ctx, &out, `
		SELECT id, name, base_url, categories, webhook_key, active FROM repair_partners WHERE active = 1 ORDER BY id`)
	return out, err
}
