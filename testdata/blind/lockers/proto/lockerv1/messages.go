// Code shaped after protoc-gen-go output for locker/v1/*.proto.
// The schema lives in api/locker/v1; keep field tags in sync with it.

package lockerv1

import "time"

type CompartmentSize string

const (
	CompartmentSize_S  CompartmentSize = "S"
	CompartmentSize_M  CompartmentSize = "M"
	CompartmentSize_L  CompartmentSize = "L"
	CompartmentSize_XL CompartmentSize = "XL"
)

// ---- courier ----

type ReserveCompartmentRequest struct {
	RequestId  string          `json:"request_id,omitempty"`
	CourierId  string          `json:"courier_id,omitempty"`
	LockerId   string          `json:"locker_id,omitempty"`
	ShipmentId string          `json:"shipment_id,omitempty"`
	Size       CompartmentSize `json:"size,omitempty"`
}

func (x *ReserveCompartmentRequest) GetRequestId() string {
	if x != nil {
		return x.RequestId
	}
	return ""
}

type ReserveCompartmentResponse struct {
	ReservationId string    `json:"reservation_id,omitempty"`
	CompartmentId string    `json:"compartment_id,omitempty"`
	Label         string    `json:"label,omitempty"`
	ExpiresAt     time.Time `json:"expires_at"`
}

type DepositParcelRequest struct {
	ReservationId string `json:"reservation_id,omitempty"`
	CourierId     string `json:"courier_id,omitempty"`
	Barcode       string `json:"barcode,omitempty"`
}

type DepositParcelResponse struct {
	ParcelId       string    `json:"parcel_id,omitempty"`
	PickupDeadline time.Time `json:"pickup_deadline"`
}

type CancelReservationRequest struct {
	ReservationId string `json:"reservation_id,omitempty"`
	CourierId     string `json:"courier_id,omitempty"`
	Reason        string `json:"reason,omitempty"`
}

type CancelReservationResponse struct {
	Status string `json:"status,omitempty"`
}

// ---- recipient ----

type OpenCompartmentRequest struct {
	ParcelId   string `json:"parcel_id,omitempty"`
	PickupCode string `json:"pickup_code,omitempty"`
}

type OpenCompartmentResponse struct {
	CompartmentLabel string `json:"compartment_label,omitempty"`
	CommandId        string `json:"command_id,omitempty"`
}

type ResendPickupCodeRequest struct {
	RequestId string `json:"request_id,omitempty"`
	ParcelId  string `json:"parcel_id,omitempty"`
	Phone     string `json:"phone,omitempty"`
}

type ResendPickupCodeResponse struct {
	Sent bool `json:"sent,omitempty"`
}

type ExtendPickupRequest struct {
	RequestId    string `json:"request_id,omitempty"`
	ParcelId     string `json:"parcel_id,omitempty"`
	Days         int32  `json:"days,omitempty"`
	PaymentToken string `json:"payment_token,omitempty"`
}

type ExtendPickupResponse struct {
	ExtensionId    string    `json:"extension_id,omitempty"`
	PickupDeadline time.Time `json:"pickup_deadline"`
	ChargedCents   int64     `json:"charged_cents,omitempty"`
}

// ---- partner ----

type CreateShipmentRequest struct {
	PartnerId      string          `json:"partner_id,omitempty"`
	ExternalRef    string          `json:"external_ref,omitempty"`
	LockerId       string          `json:"locker_id,omitempty"`
	RecipientName  string          `json:"recipient_name,omitempty"`
	RecipientPhone string          `json:"recipient_phone,omitempty"`
	Size           CompartmentSize `json:"size,omitempty"`
}

type Shipment struct {
	ShipmentId  string    `json:"shipment_id,omitempty"`
	PartnerId   string    `json:"partner_id,omitempty"`
	ExternalRef string    `json:"external_ref,omitempty"`
	LockerId    string    `json:"locker_id,omitempty"`
	Status      string    `json:"status,omitempty"`
	CreatedAt   time.Time `json:"created_at"`
}

type CreateShipmentResponse struct {
	Shipment *Shipment `json:"shipment,omitempty"`
}

type CancelShipmentRequest struct {
	PartnerId  string `json:"partner_id,omitempty"`
	ShipmentId string `json:"shipment_id,omitempty"`
}

type CancelShipmentResponse struct {
	Shipment *Shipment `json:"shipment,omitempty"`
}

type RequestReturnRequest struct {
	RequestId  string `json:"request_id,omitempty"`
	PartnerId  string `json:"partner_id,omitempty"`
	ShipmentId string `json:"shipment_id,omitempty"`
	Reason     string `json:"reason,omitempty"`
}

type RequestReturnResponse struct {
	ReturnId string `json:"return_id,omitempty"`
	FeeCents int64  `json:"fee_cents,omitempty"`
	Status   string `json:"status,omitempty"`
}
