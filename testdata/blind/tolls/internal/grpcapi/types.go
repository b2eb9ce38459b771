package grpcapi

// Account is the wire form of an account.
type Account struct {
	ID                 string `json:"id"`
	HolderName         string `json:"holder_name"`
	Email              string `json:"email"`
	Plan               string `json:"plan"`
	Status             string `json:"status"`
	BalanceCents       int64  `json:"balance_cents"`
	OutstandingCents   int64  `json:"outstanding_cents"`
	AutoTopUpThreshold int64  `json:"auto_top_up_threshold"`
	AutoTopUpAmount    int64  `json:"auto_top_up_amount"`
}

// OpenAccountRequest mirrors tolls.v1.OpenAccountRequest.
type OpenAccountRequest struct {
	ClientRequestID  string `json:"client_request_id"`
	HolderName       string `json:"holder_name"`
	Email            string `json:"email"`
	Phone            string `json:"phone"`
	Plan             string `json:"plan"`
	PaymentToken     string `json:"payment_token"`
	ShopperReference string `json:"shopper_reference"`
	SmsAlerts        bool   `json:"sms_alerts"`
}

// OpenAccountResponse mirrors tolls.v1.OpenAccountResponse.
type OpenAccountResponse struct {
	Account *Account `json:"account"`
}

// RegisterTransponderRequest mirrors tolls.v1.RegisterTransponderRequest.
type RegisterTransponderRequest struct {
	AccountID string `json:"account_id"`
	Serial    string `json:"serial"`
}

// RegisterTransponderResponse mirrors tolls.v1.RegisterTransponderResponse.
type RegisterTransponderResponse struct {
	Serial    string `json:"serial"`
	AccountID string `json:"account_id"`
	Status    string `json:"status"`
}

// AddVehicleRequest mirrors tolls.v1.AddVehicleRequest.
type AddVehicleRequest struct {
	AccountID    string `json:"account_id"`
	PlateState   string `json:"plate_state"`
	PlateNumber  string `json:"plate_number"`
	VehicleClass int    `json:"vehicle_class"`
}

// AddVehicleResponse mirrors tolls.v1.AddVehicleResponse.
type AddVehicleResponse struct {
	VehicleID   string `json:"vehicle_id"`
	PlateState  string `json:"plate_state"`
	PlateNumber string `json:"plate_number"`
}

// CloseAccountRequest mirrors tolls.v1.CloseAccountRequest.
type CloseAccountRequest struct {
	AccountID string `json:"account_id"`
}

// CloseAccountResponse mirrors tolls.v1.CloseAccountResponse.
type CloseAccountResponse struct {
	Account     *Account `json:"account"`
	PayoutCents int64    `json:"payout_cents"`
	PayoutRef   string   `json:"payout_ref"`
}

// TopUpRequest mirrors tolls.v1.TopUpRequest.
type TopUpRequest struct {
	AccountID      string `json:"account_id"`
	AmountCents    int64  `json:"amount_cents"`
	IdempotencyKey string `json:"idempotency_key"`
}

// TopUpResponse mirrors tolls.v1.TopUpResponse.
type TopUpResponse struct {
	TopUpID       string `json:"top_up_id"`
	Status        string `json:"status"`
	AmountCents   int64  `json:"amount_cents"`
	FailureReason string `json:"failure_reason,omitempty"`
}

// PayOutstandingRequest mirrors tolls.v1.PayOutstandingRequest.
type PayOutstandingRequest struct {
	AccountID string `json:"account_id"`
}

// PaymentResponse mirrors tolls.v1.PaymentResponse.
type PaymentResponse struct {
	PaymentID    string `json:"payment_id"`
	Status       string `json:"status"`
	AmountCents  int64  `json:"amount_cents"`
	PSPReference string `json:"psp_reference"`
}

// GetBalanceRequest mirrors tolls.v1.GetBalanceRequest.
type GetBalanceRequest struct {
	AccountID string `json:"account_id"`
}

// LedgerLine is one ledger entry on the wire.
type LedgerLine struct {
	ID          string `json:"id"`
	Kind        string `json:"kind"`
	AmountCents int64  `json:"amount_cents"`
	Memo        string `json:"memo"`
	CreatedAt   string `json:"created_at"`
}

// GetBalanceResponse mirrors tolls.v1.GetBalanceResponse.
type GetBalanceResponse struct {
	AccountID        string       `json:"account_id"`
	BalanceCents     int64        `json:"balance_cents"`
	OutstandingCents int64        `json:"outstanding_cents"`
	Recent           []LedgerLine `json:"recent"`
}

// SetAutoTopUpRequest mirrors tolls.v1.SetAutoTopUpRequest.
type SetAutoTopUpRequest struct {
	AccountID      string `json:"account_id"`
	ThresholdCents int64  `json:"threshold_cents"`
	AmountCents    int64  `json:"amount_cents"`
}

// SetAutoTopUpResponse mirrors tolls.v1.SetAutoTopUpResponse.
type SetAutoTopUpResponse struct {
	Account *Account `json:"account"`
}

// DisputeViolationRequest mirrors tolls.v1.DisputeViolationRequest.
type DisputeViolationRequest struct {
	ViolationID string `json:"violation_id"`
	Reason      string `json:"reason"`
	Evidence    string `json:"evidence"`
	SubmittedBy string `json:"submitted_by"`
}

// DisputeViolationResponse mirrors tolls.v1.DisputeViolationResponse.
type DisputeViolationResponse struct {
	DisputeID string `json:"dispute_id"`
	Status    string `json:"status"`
}

// PayViolationRequest mirrors tolls.v1.PayViolationRequest.
type PayViolationRequest struct {
	ViolationID      string `json:"violation_id"`
	PaymentToken     string `json:"payment_token"`
	ShopperReference string `json:"shopper_reference"`
}

// GetViolationRequest mirrors tolls.v1.GetViolationRequest.
type GetViolationRequest struct {
	ViolationID string `json:"violation_id"`
}

// Violation is the wire form of a violation.
type Violation struct {
	ID          string `json:"id"`
	Plate       string `json:"plate"`
	Status      string `json:"status"`
	AmountCents int64  `json:"amount_due_cents"`
	PassedAt    string `json:"passed_at"`
	ImageURL    string `json:"image_url"`
}
