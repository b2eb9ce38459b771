package domain

// Background task types processed by the worker.
const (
	TaskFineRecharge   = "fines:recharge"
	TaskWorkshopBook   = "workshop:book"
	TaskClaimSubmit    = "claims:submit"
	TaskSettlement     = "settlement:nightly"
	TaskPickupReminder = "notices:pickup-reminder"
	TaskRentalReceipt  = "notices:receipt"
)

type FineRechargePayload struct {
	FineID string `json:"fine_id"`
}

type WorkshopBookPayload struct {
	WorkOrderID string `json:"work_order_id"`
}

type ClaimSubmitPayload struct {
	ClaimID string `json:"claim_id"`
}

type PickupReminderPayload struct {
	ReservationID string `json:"reservation_id"`
}

type RentalReceiptPayload struct {
	RentalID string `json:"rental_id"`
}
