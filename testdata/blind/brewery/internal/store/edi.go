package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/ironkettle/taproute/internal/domain"
)

// EDIRepo records inbound partner purchase orders and the outbound documents
// (855 acknowledgements, 856 ship notices, 810 invoices) we owe partners.
type EDIRepo struct{}

// NewEDIRepo constructs an EDIRepo.
func NewEDIRepo() *EDIRepo { return &EDIRepo{} }

// InboundPO is a received 850 purchase order.
type InboundPO struct {
	ID        string
	PartnerID string
	PONumber  string
	OrderID   uuid.UUID
	Raw       json.RawMessage
}

// InsertPurchaseOrder records that partner PO poNumber became orderID.
func (r *EDIRepo) InsertPurchaseOrder(ctx context.Context, q Querier, po InboundPO) error {
	_, err := q.Exec(ctx, `
		INSERT INTO edi_purchase_orders (id, partner_id, po_number, order_id, raw)
		VALUES ($1, $2, $3, $4, $5)`,
		po.ID, po.PartnerID, po.PONumber, po.OrderID, po.Raw)
	if err != nil {
		return fmt.Errorf("insert edi purchase order %s/%s: %w", po.PartnerID, po.PONumber, err)
	}
	return nil
}

// EnsureOutboundDoc creates the outbound document row for (refID, docType)
// with a freshly allocated interchange control number, unless it already
// exists. Either way the stored row is returned, so a resend reuses the
// original control number.
func (r *EDIRepo) EnsureOutboundDoc(ctx context.Context, q Querier, id, partnerID, refID, docType string) (domain.OutboundDoc, error) {
	_, err := q.Exec(ctx, `
		INSERT INTO edi_outbound_documents (id, partner_id, ref_id, doc_type, control_number)
		VALUES ($1, $2, $3, $4, nextval('edi_control_number_seq'))
		ON CONFLICT ON CONSTRAINT edi_outbound_ref_doc_uniq DO NOTHING`,
		id, partnerID, refID, docType)
	if err != nil {
		return domain.OutboundDoc{}, fmt.Errorf("ensure outbound %s for %s: %w", docType, refID, err)
	}
	return r.GetOutboundDoc(ctx, q, refID, docType)
}

// GetOutboundDoc loads the outbound document for (refID, docType).
func (r *EDIRepo) GetOutboundDoc(ctx context.Context, q Querier, refID, docType string) (domain.OutboundDoc, error) {
	var d domain.OutboundDoc
	err := q.QueryRow(ctx, `
		SELECT id, partner_id, ref_id, doc_type, control_number, status, COALESCE(partner_ref, '')
		  FROM edi_outbound_documents WHERE ref_id = $1 AND doc_type = $2`, refID, docType).
		Scan(&d.ID, &d.PartnerID, &d.RefID, &d.DocType, &d.ControlNumber, &d.Status, &d.PartnerRef)
	return d, notFound(err)
}

// MarkOutboundSent records the partner's acceptance of a document.
func (r *EDIRepo) MarkOutboundSent(ctx context.Context, q Querier, id, partnerRef string, at time.Time) error {
	_, err := q.Exec(ctx, `
		UPDATE edi_outbound_documents SET status = 'sent', partner_ref = $2, sent_at = $3
		 WHERE id = $1`, id, partnerRef, at)
	return err
}

// NextControlNumber allocates an interchange control number.
func (r *EDIRepo) NextControlNumber(ctx context.Context, q Querier) (int64, error) {
	var n int64
	err := q.QueryRow(ctx, `SELECT nextval('edi_control_number_seq')`).Scan(&n)
	return n, err
}
