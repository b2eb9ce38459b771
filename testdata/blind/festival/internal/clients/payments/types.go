package payments

type Amount struct {
	Currency string `json:"currency"`
	Value    int64  `json:"value"`
}

type PaymentMethod struct {
	Type                  string `json:"type"`
	EncryptedCardNumber   string `json:"encryptedCardNumber,omitempty"`
	EncryptedExpiryMonth  string `json:"encryptedExpiryMonth,omitempty"`
	EncryptedExpiryYear   string `json:"encryptedExpiryYear,omitempty"`
	EncryptedSecurityCode string `json:"encryptedSecurityCode,omitempty"`
	StoredPaymentMethodID string `json:"storedPaymentMethodId,omitempty"`
}

type ChargeRequest struct {
	MerchantAccount          string            `json:"merchantAccount"`
	Reference                string            `json:"reference"`
	Amount                   Amount            `json:"amount"`
	PaymentMethod            PaymentMethod     `json:"paymentMethod"`
	ShopperReference         string            `json:"shopperReference,omitempty"`
	ShopperInteraction       string            `json:"shopperInteraction,omitempty"`
	RecurringProcessingModel string            `json:"recurringProcessingModel,omitempty"`
	ReturnURL                string            `json:"returnUrl,omitempty"`
	Metadata                 map[string]string `json:"metadata,omitempty"`
}

type ChargeResponse struct {
	PSPReference  string `json:"pspReference"`
	ResultCode    string `json:"resultCode"`
	RefusalReason string `json:"refusalReason,omitempty"`
	MerchantRef   string `json:"merchantReference"`
	Action        *struct {
		Type string `json:"type"`
		URL  string `json:"url"`
	} `json:"action,omitempty"`
}

// Authorised reports whether the payment went through without further action.
func (r *ChargeResponse) Authorised() bool { return r.ResultCode == "Authorised" }

type BankAccount struct {
	IBAN          string `json:"iban"`
	OwnerName     string `json:"ownerName"`
	CountryCode   string `json:"countryCode,omitempty"`
	BalanceAcctID string `json:"balanceAccountId,omitempty"`
}

type PayoutRequest struct {
	MerchantAccount string            `json:"merchantAccount"`
	Reference       string            `json:"reference"`
	Amount          Amount            `json:"amount"`
	Counterparty    BankAccount       `json:"counterparty"`
	Description     string            `json:"description,omitempty"`
	Priority        string            `json:"priority,omitempty"`
	Metadata        map[string]string `json:"metadata,omitempty"`
}

type PayoutResponse struct {
	ID        string `json:"id"`
	Status    string `json:"status"`
	Reference string `json:"reference"`
}

type RefundRequest struct {
	MerchantAccount string `json:"merchantAccount"`
	Reference       string `json:"reference"`
	Amount          Amount `json:"amount"`
}

type RefundResponse struct {
	PSPReference string `json:"pspReference"`
	Status       string `json:"status"`
}
