package service

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/ironkettle/taproute/internal/domain"
	"github.com/ironkettle/taproute/internal/platform/ids"
	"github.com/ironkettle/taproute/internal/provider/edi"
	"github.com/ironkettle/taproute/internal/store"
)

// EDIService turns distributor 850 purchase orders into orders and answers
// them with 855 acknowledgements.
type EDIService struct {
	db       store.Querier
	tx       store.TxRunner
	accounts AccountStore
	products ProductStore
	orders   OrderStore
	ediStore EDIStore
	outbox   OutboxStore
	partner  EDIPartner
	now      Clock
	newUUID  func() uuid.UUID
	newXID   func() string
}

// NewEDIService constructs an EDIService.
func NewEDIService(db store.Querier, tx store.TxRunner, accounts AccountStore, products ProductStore, orders OrderStore,
	ediStore EDIStore, outbox OutboxStore, partner EDIPartner, now Clock) *EDIService {
	return &EDIService{
		db: db, tx: tx, accounts: accounts, products: products, orders: orders, ediStore: ediStore,
		outbox: outbox, partner: partner, now: now, newUUID: uuid.New, newXID: ids.NewXID,
	}
}

// IngestPurchaseOrder creates an order from a distributor's 850.
func (s *EDIService) IngestPurchaseOrder(ctx context.Context, po PurchaseOrderReceived, raw json.RawMessage) (uuid.UUID, error) {
	if po.PartnerID == "" || po.PONumber == "" {
		return uuid.Nil, fmt.Errorf("850 without partner or PO number: %w", domain.ErrInvalid)
	}
	day, err := time.Parse("20060102", po.RequestedDate)
	if err != nil {
		return uuid.Nil, fmt.Errorf("850 %s requested date %q: %w", po.PONumber, po.RequestedDate, domain.ErrInvalid)
	}
	acct, err := s.accounts.GetByEDIPartner(ctx, s.db, po.PartnerID)
	if err != nil {
		return uuid.Nil, mapNotFound(err, "account for partner "+po.PartnerID)
	}
	in := make([]LineInput, 0, len(po.Lines))
	for _, l := range po.Lines {
		in = append(in, LineInput{SKU: l.SKU, Qty: l.Qty})
	}

	orderID := s.newUUID()
	err = s.tx.InTx(ctx, func(tx pgx.Tx) error {
		lines, subtotal, deposits, err := priceOrder(ctx, tx, s.products, in)
		if err != nil {
			return err
		}
		o := domain.Order{
			ID:                    orderID,
			AccountID:             acct.ID,
			Source:                "edi",
			Status:                domain.OrderPending,
			RequestedDeliveryDate: day,
			SubtotalCents:         subtotal,
			DepositCents:          deposits,
			ExternalRef:           po.PONumber,
			Lines:                 lines,
		}
		if err := s.orders.Insert(ctx, tx, o); err != nil {
			return err
		}
		if err := s.ediStore.InsertPurchaseOrder(ctx, tx, store.InboundPO{
			ID: s.newXID(), PartnerID: po.PartnerID, PONumber: po.PONumber, OrderID: orderID, Raw: raw,
		}); err != nil {
			return err
		}
		_, err = s.outbox.Append(ctx, tx, "order-created:"+orderID.String(), SubjectOrderCreated, OrderCreated{
			OrderID: orderID, AccountID: acct.ID, Source: "edi", PartnerID: po.PartnerID,
			PONumber: po.PONumber, ShipDate: day.Format(time.DateOnly),
		})
		return err
	})
	return orderID, err
}

// AcknowledgeOrder sends the 855 for an EDI order. The outbound document row
// fixes the interchange control number the first time through, and every
// resend reuses it, so the VAN drops repeats.
func (s *EDIService) AcknowledgeOrder(ctx context.Context, evt OrderCreated) error {
	if evt.Source != "edi" {
		return nil
	}
	var doc domain.OutboundDoc
	err := s.tx.InTx(ctx, func(tx pgx.Tx) error {
		var err error
		doc, err = s.ediStore.EnsureOutboundDoc(ctx, tx, s.newXID(), evt.PartnerID, evt.OrderID.String(), "855")
		return err
	})
	if err != nil {
		return err
	}
	if doc.Status == "sent" {
		return nil
	}
	o, err := s.orders.Get(ctx, s.db, evt.OrderID)
	if err != nil {
		return mapNotFound(err, "order")
	}
	ack := edi.POAck{
		PartnerID: evt.PartnerID,
		PONumber:  evt.PONumber,
		OrderRef:  o.ID.String(),
		ShipDate:  o.RequestedDeliveryDate.Format("20060102"),
	}
	for _, l := range o.Lines {
		ack.Lines = append(ack.Lines, edi.POAckLine{LineNo: l.LineNo, SKU: l.SKU, Qty: l.Qty, AckStatus: "IA"})
	}
	rcpt, err := s.partner.SendPOAck(ctx, ack, doc.ControlNumber)
	if err != nil {
		return fmt.Errorf("send 855 for PO %s: %w", evt.PONumber, err)
	}
	return s.ediStore.MarkOutboundSent(ctx, s.db, doc.ID, rcpt.InterchangeID, s.now())
}
