// Package dronepb holds the wire messages and service descriptors of the
// skyhop.dispatch.v1 API. They are maintained by hand in the shape
// protoc-gen-go-grpc would produce; messages travel with the JSON codec
// registered in package rpc.
package dronepb

// Point is a WGS84 coordinate.
type Point struct {
	Lat float64 `json:"lat"`
	Lng float64 `json:"lng"`
}

// Order is the public view of a delivery order.
type Order struct {
	ID            string `json:"id"`
	MerchantRef   string `json:"merchant_ref"`
	Status        string `json:"status"`
	Priority      string `json:"priority"`
	PickupDepotID string `json:"pickup_depot_id"`
	Dropoff       Point  `json:"dropoff"`
	FeeCents      int64  `json:"fee_cents"`
	Currency      string `json:"currency"`
	CreatedAt     string `json:"created_at"`
}

type CreateOrderRequest struct {
	MerchantRef    string `json:"merchant_ref"`
	PickupDepotID  string `json:"pickup_depot_id"`
	Dropoff        Point  `json:"dropoff"`
	RecipientName  string `json:"recipient_name"`
	RecipientPhone string `json:"recipient_phone"`
	ParcelGrams    int32  `json:"parcel_grams"`
	Priority       string `json:"priority"`
}

type CreateOrderResponse struct {
	Order *Order `json:"order"`
}

type UpgradeToExpressRequest struct {
	OrderID string `json:"order_id"`
}

type UpgradeToExpressResponse struct {
	Order *Order `json:"order"`
}

type SubmitProofOfDeliveryRequest struct {
	OrderID    string `json:"order_id"`
	DroneID    string `json:"drone_id"`
	PhotoJPEG  []byte `json:"photo_jpeg"`
	CapturedAt string `json:"captured_at"`
	Location   Point  `json:"location"`
}

type SubmitProofOfDeliveryResponse struct {
	OrderID     string `json:"order_id"`
	PhotoKey    string `json:"photo_key"`
	PhotoSHA256 string `json:"photo_sha256"`
}

type FilePlanRequest struct {
	OrderID      string  `json:"order_id"`
	DroneID      string  `json:"drone_id"`
	WindowStart  string  `json:"window_start"`
	WindowEnd    string  `json:"window_end"`
	MaxAltitudeM int32   `json:"max_altitude_m"`
	Route        []Point `json:"route"`
}

type FlightPlan struct {
	ID              string `json:"id"`
	OrderID         string `json:"order_id"`
	DroneID         string `json:"drone_id"`
	OperatorRef     string `json:"operator_ref"`
	AuthorityPlanID string `json:"authority_plan_id"`
	Status          string `json:"status"`
}

type FilePlanResponse struct {
	Plan *FlightPlan `json:"plan"`
}

type CancelPlanRequest struct {
	PlanID string `json:"plan_id"`
	Reason string `json:"reason"`
}

type CancelPlanResponse struct {
	Plan *FlightPlan `json:"plan"`
}

type RecordBatterySwapRequest struct {
	SwapID          string `json:"swap_id"`
	DepotID         string `json:"depot_id"`
	DroneID         string `json:"drone_id"`
	RemovedSerial   string `json:"removed_serial"`
	InstalledSerial string `json:"installed_serial"`
	Slot            int32  `json:"slot"`
	Technician      string `json:"technician"`
	SwappedAt       string `json:"swapped_at"`
}

type RecordBatterySwapResponse struct {
	SwapID string `json:"swap_id"`
}

type SlotState struct {
	Slot          int32  `json:"slot"`
	BatterySerial string `json:"battery_serial"`
	ChargePct     int32  `json:"charge_pct"`
}

type ReportSlotsRequest struct {
	DepotID string      `json:"depot_id"`
	Slots   []SlotState `json:"slots"`
}

type ReportSlotsResponse struct {
	Accepted int32 `json:"accepted"`
}

type RequestRefundRequest struct {
	OrderID     string `json:"order_id"`
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
}

type Refund struct {
	ID          string `json:"id"`
	OrderID     string `json:"order_id"`
	AmountCents int64  `json:"amount_cents"`
	Status      string `json:"status"`
}

type RequestRefundResponse struct {
	Refund *Refund `json:"refund"`
}
