// Package lendingv1 holds the lending.v1 API messages and the Connect
// service wiring. The layout mirrors protoc-gen-connect-go output; messages
// are plain structs carried with the JSON codec in codec.go.
package lendingv1

type Application struct {
	ID          string `json:"id"`
	Status      string `json:"status"`
	AmountCents int64  `json:"amount_cents"`
	Currency    string `json:"currency"`
	TermMonths  int32  `json:"term_months"`
	MerchantID  string `json:"merchant_id"`
	OrderRef    string `json:"order_ref"`
}

type SubmitApplicationRequest struct {
	MerchantID  string `json:"merchant_id"`
	OrderRef    string `json:"order_ref"`
	AmountCents int64  `json:"amount_cents"`
	Currency    string `json:"currency"`
	TermMonths  int32  `json:"term_months"`
}

type SubmitApplicationResponse struct {
	Application *Application `json:"application"`
}

type CancelApplicationRequest struct {
	ApplicationID string `json:"application_id"`
}

type CancelApplicationResponse struct {
	Application *Application `json:"application"`
}

type Loan struct {
	ID             string `json:"id"`
	Status         string `json:"status"`
	PrincipalCents int64  `json:"principal_cents"`
	BalanceCents   int64  `json:"balance_cents"`
	FeesCents      int64  `json:"fees_cents"`
	Currency       string `json:"currency"`
	Autopay        bool   `json:"autopay"`
}

type AcceptOfferRequest struct {
	OfferID       string `json:"offer_id"`
	BankAccountID string `json:"bank_account_id"`
}

type AcceptOfferResponse struct {
	Loan *Loan `json:"loan"`
}

type Payment struct {
	ID          string `json:"id"`
	LoanID      string `json:"loan_id"`
	Status      string `json:"status"`
	AmountCents int64  `json:"amount_cents"`
	FailureCode string `json:"failure_code,omitempty"`
}

type MakeRepaymentRequest struct {
	LoanID          string `json:"loan_id"`
	AmountCents     int64  `json:"amount_cents"`
	PaymentMethodID string `json:"payment_method_id"`
}

type MakeRepaymentResponse struct {
	Payment *Payment `json:"payment"`
}

type PayOffLoanRequest struct {
	LoanID string `json:"loan_id"`
}

type PayOffLoanResponse struct {
	Payment *Payment `json:"payment"`
}

type BankAccount struct {
	ID           string `json:"id"`
	Status       string `json:"status"`
	SortCode     string `json:"sort_code"`
	AccountLast4 string `json:"account_last4"`
}

type RegisterBankAccountRequest struct {
	HolderName    string `json:"holder_name"`
	SortCode      string `json:"sort_code"`
	AccountNumber string `json:"account_number"`
	VaultToken    string `json:"vault_token"`
}

type RegisterBankAccountResponse struct {
	BankAccount *BankAccount `json:"bank_account"`
}

type VerifyBankAccountRequest struct {
	BankAccountID string `json:"bank_account_id"`
}

type VerifyBankAccountResponse struct {
	VerificationID string `json:"verification_id"`
	Status         string `json:"status"`
}

type RequestLimitIncreaseRequest struct {
	RequestedCents int64 `json:"requested_cents"`
}

type RequestLimitIncreaseResponse struct {
	Approved      bool  `json:"approved"`
	NewLimitCents int64 `json:"new_limit_cents"`
}

type UpdateAutopayRequest struct {
	LoanID          string `json:"loan_id"`
	PaymentMethodID string `json:"payment_method_id"`
	Enabled         bool   `json:"enabled"`
}

type UpdateAutopayResponse struct {
	Loan *Loan `json:"loan"`
}
