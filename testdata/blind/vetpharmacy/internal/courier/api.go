package courier

import "context"

// API is the part of the courier client the rest of the module uses; it lets
// main wrap the client in decorators.
type API interface {
	CreateShipment(ctx context.Context, req CreateShipmentRequest) (*Shipment, error)
	RescheduleDelivery(ctx context.Context, shipmentID string, req RescheduleRequest) (*Shipment, error)
}

var _ API = (*Client)(nil)
