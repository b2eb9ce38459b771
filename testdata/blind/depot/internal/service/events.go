package service

import "time"

// Kafka topics the depot produces and consumes.
const (
	TopicOrdersImported        = "depot.orders.imported"
	TopicOrdersAccepted        = "depot.orders.accepted"
	TopicOrdersCancelRequested = "depot.orders.cancel_requested"
	TopicOrdersShipped         = "depot.orders.shipped"
	TopicLabelRequested        = "depot.shipments.label_requested"
	TopicShipmentDispatched    = "depot.shipments.dispatched"
	TopicReturnLabelRequested  = "depot.returns.label_requested"
	TopicReturnReceived        = "depot.returns.received"
	TopicDockScanned           = "depot.inbound.dock_scanned"
	TopicCycleCounted          = "depot.inventory.cycle_counted"
)

// Merchant webhook event types.
const (
	EventOrderAccepted      = "order.accepted"
	EventOrderCancelled     = "order.cancelled"
	EventOrderBackordered   = "order.backordered"
	EventShipmentDispatched = "shipment.dispatched"
	EventShipmentDelivered  = "shipment.delivered"
	EventReturnReceived     = "return.received"
	EventASNReceiving       = "asn.receiving"
)

// OrderEvent is the payload of order topics.
type OrderEvent struct {
	OrderID    string    `json:"order_id"`
	MerchantID string    `json:"merchant_id"`
	Status     string    `json:"status"`
	At         time.Time `json:"at"`
}

// LabelRequestedEvent asks the label worker to buy a label for a carton.
type LabelRequestedEvent struct {
	OrderID    string `json:"order_id"`
	MerchantID string `json:"merchant_id"`
	PackageSeq int    `json:"package_seq"`
}

// ReturnLabelRequestedEvent asks for a prepaid return label.
type ReturnLabelRequestedEvent struct {
	ReturnID   string `json:"return_id"`
	MerchantID string `json:"merchant_id"`
}
