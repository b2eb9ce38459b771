package partners

import (
	"context"

	"github.com/northmill/procure/internal/platform/db"
)

// Repo is the sqlx repository for inbound partner documents.
type Repo struct{}

// NewRepo returns the repository.
func NewRepo() *Repo { return &Repo{} }

// InsertAcknowledgement stores an order response.
func (r *Repo) InsertAcknowledgement(ctx context.Context, q db.Querier, a Acknowledgement) error {
	_, err := q.NamedExecContext(ctx, `
		INSERT INTO po_acknowledgements (partner_message_id, po_id, response_code, promised_date, note)
		VALUES (:partner_message_id, :po_id, :response_code, :promised_date, :note)`, a)
	return err
}

// InsertDelivery stores an expected delivery unless the supplier already
// announced the same despatch number.
func (r *Repo) InsertDelivery(ctx context.Context, q db.Querier, d Delivery) (bool, error) {
	res, err := q.NamedExecContext(ctx, `
		INSERT INTO expected_deliveries (id, supplier_id, asn_number, po_id, ship_date, eta, carrier, lines)
		VALUES (:id, :supplier_id, :asn_number, :po_id, :ship_date, :eta, :carrier, :lines)
		ON CONFLICT (supplier_id, asn_number) DO NOTHING`, d)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// InsertCharge stores a supplier charge.
func (r *Repo) InsertCharge(ctx context.Context, q db.Querier, c Charge) error {
	_, err := q.NamedExecContext(ctx, `
		INSERT INTO supplier_charges (id, supplier_id, po_id, charge_type, amount_minor, currency, partner_doc_id, status)
		VALUES (:id, :supplier_id, :po_id, :charge_type, :amount_minor, :currency, :partner_doc_id, :status)`, c)
	return err
}
