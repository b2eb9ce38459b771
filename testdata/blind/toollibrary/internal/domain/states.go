package domain

type ToolState string

const (
	ToolAvailable ToolState = "available"
	ToolReserved  ToolState = "reserved"
	ToolInLocker  ToolState = "in_locker"
	ToolOnLoan    ToolState = "on_loan"
	ToolReturned  ToolState = "returned"
	ToolInRepair  ToolState = "in_repair"
	ToolRetired   ToolState = "retired"
)

type LockerState string

const (
	LockerFree     LockerState = "free"
	LockerHeld     LockerState = "held"
	LockerOccupied LockerState = "occupied"
	LockerFault    LockerState = "fault"
)

type ReservationStatus string

const (
	ReservationPending    ReservationStatus = "pending"
	ReservationReady      ReservationStatus = "ready"
	ReservationCheckedOut ReservationStatus = "checked_out"
	ReservationCancelled  ReservationStatus = "cancelled"
	ReservationExpired    ReservationStatus = "expired"
)

type LoanStatus string

const (
	LoanAwaitingPickup LoanStatus = "awaiting_pickup"
	LoanActive         LoanStatus = "active"
	LoanReturned       LoanStatus = "returned"
	LoanClosed         LoanStatus = "closed"
	LoanAbandoned      LoanStatus = "abandoned"
)

type DepositStatus string

const (
	DepositPending  DepositStatus = "pending"
	DepositHeld     DepositStatus = "held"
	DepositReleased DepositStatus = "released"
	DepositCaptured DepositStatus = "captured"
	DepositExpired  DepositStatus = "expired"
	DepositDeclined DepositStatus = "declined"
)

type FeeStatus string

const (
	FeeOutstanding FeeStatus = "outstanding"
	FeePaid        FeeStatus = "paid"
	FeeWaived      FeeStatus = "waived"
)

type InspectionOutcome string

const (
	InspectionOK      InspectionOutcome = "ok"
	InspectionWorn    InspectionOutcome = "worn"
	InspectionDamaged InspectionOutcome = "damaged"
	InspectionMissing InspectionOutcome = "missing"
)

// Operation statuses used by the intent tables (deposit_operations,
// fee_payments, sms_messages).
const (
	OpPending   = "pending"
	OpSucceeded = "succeeded"
	OpFailed    = "failed"
)
