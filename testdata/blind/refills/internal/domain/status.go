package domain

type RefillStatus string

const (
	RefillPendingVerification RefillStatus = "pending_verification"
	RefillVerified            RefillStatus = "verified"
	RefillAdjudicating        RefillStatus = "adjudicating"
	RefillRejected            RefillStatus = "rejected"
	RefillNeedsPriorAuth      RefillStatus = "needs_prior_auth"
	RefillPriorAuthPending    RefillStatus = "prior_auth_pending"
	RefillAwaitingPayment     RefillStatus = "awaiting_payment"
	RefillPaymentFailed       RefillStatus = "payment_failed"
	RefillReadyToShip         RefillStatus = "ready_to_ship"
	RefillShipped             RefillStatus = "shipped"
	RefillDelivered           RefillStatus = "delivered"
	RefillCancelled           RefillStatus = "cancelled"
)

// Terminal reports whether no further work is scheduled for the refill.
func (s RefillStatus) Terminal() bool {
	switch s {
	case RefillDelivered, RefillCancelled, RefillRejected:
		return true
	}
	return false
}

// Cancellable reports whether the patient or a pharmacist may still cancel.
// Once the package is with the carrier it has to come back as a return.
func (s RefillStatus) Cancellable() bool {
	switch s {
	case RefillShipped, RefillDelivered, RefillCancelled:
		return false
	}
	return true
}

type RefillSource string

const (
	SourcePatient    RefillSource = "patient"
	SourceAutoRefill RefillSource = "auto_refill"
	SourcePharmacist RefillSource = "pharmacist"
)

type ClaimStatus string

const (
	ClaimPending   ClaimStatus = "pending"
	ClaimSubmitted ClaimStatus = "submitted"
	ClaimPaid      ClaimStatus = "paid"
	ClaimRejected  ClaimStatus = "rejected"
	ClaimReversed  ClaimStatus = "reversed"
)

func (s ClaimStatus) Final() bool {
	return s == ClaimPaid || s == ClaimRejected || s == ClaimReversed
}

type PaymentStatus string

const (
	PaymentPending    PaymentStatus = "pending"
	PaymentProcessing PaymentStatus = "processing"
	PaymentSucceeded  PaymentStatus = "succeeded"
	PaymentFailed     PaymentStatus = "failed"
	PaymentRefunded   PaymentStatus = "refunded"
	PaymentDisputed   PaymentStatus = "disputed"
)

type ShipmentStatus string

const (
	ShipmentPendingLabel ShipmentStatus = "pending_label"
	ShipmentLabelled     ShipmentStatus = "labelled"
	ShipmentInTransit    ShipmentStatus = "in_transit"
	ShipmentDelivered    ShipmentStatus = "delivered"
	ShipmentException    ShipmentStatus = "exception"
	ShipmentVoided       ShipmentStatus = "voided"
)

// shipmentRank orders tracking states so late or out-of-order carrier
// events never move a shipment backwards.
var shipmentRank = map[ShipmentStatus]int{
	ShipmentPendingLabel: 0,
	ShipmentLabelled:     1,
	ShipmentInTransit:    2,
	ShipmentException:    3,
	ShipmentDelivered:    4,
	ShipmentVoided:       5,
}

// Advances reports whether moving from s to next is forward progress.
func (s ShipmentStatus) Advances(next ShipmentStatus) bool {
	return shipmentRank[next] > shipmentRank[s]
}

const PurposeCopay = "copay"

const (
	ReminderScheduled = "scheduled"
	ReminderSent      = "sent"
	ReminderSkipped   = "skipped"
)
