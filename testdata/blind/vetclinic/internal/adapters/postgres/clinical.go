package postgres

import (
	"context"
	"time"

	"github.com/pawpath/vetclinic/internal/core/domain"
	"github.com/pawpath/vetclinic/internal/errs"
)

type LabRepo struct{ Store }

func NewLabRepo(s Store) *LabRepo { return &LabRepo{s} }

var (
	labOrdersTable = Table[domain.LabOrder]{
		Name: "lab_orders",
		Cols: []string{"id", "appointment_id", "pet_id", "clinic_id", "ordered_by", "tests", "priority", "status"},
	}
	labAddonsTable = Table[domain.LabOrderAddon]{
		Name:     "lab_order_addons",
		Cols:     []string{"id", "lab_order_id", "test_code", "added_by"},
		Conflict: "ON CONSTRAINT lab_order_addons_test_key",
	}
	labResultsTable = Table[domain.LabResult]{
		Name: "lab_results",
		Cols: []string{"id", "lab_result_id", "lab_order_id", "status", "abnormal", "payload"},
	}
)

func (r *LabRepo) Insert(ctx context.Context, o domain.LabOrder) error {
	return labOrdersTable.Insert(ctx, r.q(ctx), "labs.Insert", o)
}

func (r *LabRepo) Get(ctx context.Context, id string) (domain.LabOrder, error) {
	return one[domain.LabOrder](ctx, r.q(ctx), "labs.Get", `SELECT * FROM lab_orders WHERE id = $1`, id)
}

func (r *LabRepo) ByRequisition(ctx context.Context, requisitionID string) (domain.LabOrder, error) {
	return one[domain.LabOrder](ctx, r.q(ctx), "labs.ByRequisition",
		`SELECT * FROM lab_orders WHERE requisition_id = $1`, requisitionID)
}

func (r *LabRepo) MarkSubmitted(ctx context.Context, id, requisitionID string, at time.Time) error {
	_, err := exec(ctx, r.q(ctx), "labs.MarkSubmitted", `
		UPDATE lab_orders
		   SET status = 'submitted', requisition_id = $2, submitted_at = $3, updated_at = now()
		 WHERE id = $1 AND status = 'pending'`, id, requisitionID, at)
	return err
}

func (r *LabRepo) InsertAddons(ctx context.Context, addons []domain.LabOrderAddon) error {
	const op errs.Op = "labs.InsertAddons"
	q := r.q(ctx)
	for _, a := range addons {
		if _, err := labAddonsTable.InsertIgnore(ctx, q, op, a); err != nil {
			return err
		}
	}
	return nil
}

func (r *LabRepo) InsertResult(ctx context.Context, res domain.LabResult) error {
	return labResultsTable.Insert(ctx, r.q(ctx), "labs.InsertResult", res)
}

func (r *LabRepo) GetResult(ctx context.Context, id string) (domain.LabResult, error) {
	return one[domain.LabResult](ctx, r.q(ctx), "labs.GetResult", `SELECT * FROM lab_results WHERE id = $1`, id)
}

func (r *LabRepo) SetStatus(ctx context.Context, id, status string) error {
	_, err := exec(ctx, r.q(ctx), "labs.SetStatus",
		`UPDATE lab_orders SET status = $2, updated_at = now() WHERE id = $1`, id, status)
	return err
}

func (r *LabRepo) Outstanding(ctx context.Context, limit int) ([]domain.LabOrder, error) {
	return many[domain.LabOrder](ctx, r.q(ctx), "labs.Outstanding", `
		SELECT * FROM lab_orders
		 WHERE status = 'submitted'
		 ORDER BY last_polled_at NULLS FIRST
		 LIMIT $1`, limit)
}

func (r *LabRepo) SetLabStatus(ctx context.Context, id, labStatus string, at time.Time) error {
	_, err := exec(ctx, r.q(ctx), "labs.SetLabStatus", `
		UPDATE lab_orders SET lab_status = $2, last_polled_at = $3, updated_at = now()
		 WHERE id = $1`, id, labStatus, at)
	return err
}

type PrescriptionRepo struct{ Store }

func NewPrescriptionRepo(s Store) *PrescriptionRepo { return &PrescriptionRepo{s} }

func (r *PrescriptionRepo) Get(ctx context.Context, id string) (domain.Prescription, error) {
	return one[domain.Prescription](ctx, r.q(ctx), "prescriptions.Get",
		`SELECT * FROM prescriptions WHERE id = $1`, id)
}

func (r *PrescriptionRepo) ConsumeRefill(ctx context.Context, id string) error {
	const op errs.Op = "prescriptions.ConsumeRefill"
	n, err := exec(ctx, r.q(ctx), op, `
		UPDATE prescriptions SET refills_remaining = refills_remaining - 1
		 WHERE id = $1 AND refills_remaining > 0 AND expires_at > now()`, id)
	if err != nil {
		return err
	}
	if n == 0 {
		return errs.E(op, errs.Precondition, "no refills remaining")
	}
	return nil
}

type RefillRepo struct{ Store }

func NewRefillRepo(s Store) *RefillRepo { return &RefillRepo{s} }

var (
	refillsTable = Table[domain.RefillRequest]{
		Name: "refill_requests",
		Cols: []string{"id", "prescription_id", "owner_id", "quantity", "delivery", "notes", "status"},
	}
	fulfillmentsTable = Table[domain.RefillFulfillment]{
		Name: "refill_fulfillments",
		Cols: []string{"id", "refill_request_id", "dispense_id", "partner", "quantity", "dispensed_at", "carrier", "tracking_number"},
	}
)

func (r *RefillRepo) Insert(ctx context.Context, rr domain.RefillRequest) error {
	return refillsTable.Insert(ctx, r.q(ctx), "refills.Insert", rr)
}

func (r *RefillRepo) Get(ctx context.Context, id string) (domain.RefillRequest, error) {
	return one[domain.RefillRequest](ctx, r.q(ctx), "refills.Get", `SELECT * FROM refill_requests WHERE id = $1`, id)
}

func (r *RefillRepo) MarkRouted(ctx context.Context, id, partner, partnerOrderID string, at time.Time) error {
	_, err := exec(ctx, r.q(ctx), "refills.MarkRouted", `
		UPDATE refill_requests
		   SET status = 'routed', partner = $2, partner_order_id = $3, routed_at = $4, updated_at = now()
		 WHERE id = $1 AND status = 'requested'`, id, partner, partnerOrderID, at)
	return err
}

func (r *RefillRepo) SetStatus(ctx context.Context, id, status string) error {
	_, err := exec(ctx, r.q(ctx), "refills.SetStatus",
		`UPDATE refill_requests SET status = $2, updated_at = now() WHERE id = $1`, id, status)
	return err
}

func (r *RefillRepo) InsertFulfillment(ctx context.Context, f domain.RefillFulfillment) error {
	return fulfillmentsTable.Insert(ctx, r.q(ctx), "refills.InsertFulfillment", f)
}

func (r *RefillRepo) SetTracking(ctx context.Context, dispenseID, carrier, tracking string) error {
	_, err := exec(ctx, r.q(ctx), "refills.SetTracking", `
		UPDATE refill_fulfillments SET carrier = $2, tracking_number = $3
		 WHERE dispense_id = $1`, dispenseID, carrier, tracking)
	return err
}
