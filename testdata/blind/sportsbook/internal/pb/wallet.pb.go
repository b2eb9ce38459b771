package pb

// Messages of sportsbook.wallet.v1.

type DepositRequest struct {
	RequestId          string `json:"request_id,omitempty"`
	Amount             int64  `json:"amount,omitempty"`
	Currency           string `json:"currency,omitempty"`
	PaymentMethodToken string `json:"payment_method_token,omitempty"`
	ReturnUrl          string `json:"return_url,omitempty"`
}

func (x *DepositRequest) GetRequestId() string {
	if x != nil {
		return x.RequestId
	}
	return ""
}

func (x *DepositRequest) GetAmount() int64 {
	if x != nil {
		return x.Amount
	}
	return 0
}

type DepositResponse struct {
	DepositId   string `json:"deposit_id,omitempty"`
	Status      string `json:"status,omitempty"`
	RedirectUrl string `json:"redirect_url,omitempty"`
}

type WithdrawRequest struct {
	RequestId   string `json:"request_id,omitempty"`
	Amount      int64  `json:"amount,omitempty"`
	Currency    string `json:"currency,omitempty"`
	Destination string `json:"destination,omitempty"`
}

func (x *WithdrawRequest) GetRequestId() string {
	if x != nil {
		return x.RequestId
	}
	return ""
}

type WithdrawResponse struct {
	WithdrawalId string `json:"withdrawal_id,omitempty"`
	Status       string `json:"status,omitempty"`
	Amount       int64  `json:"amount,omitempty"`
	RequestedAt  string `json:"requested_at,omitempty"`
}

type SetLimitRequest struct {
	LimitType string `json:"limit_type,omitempty"`
	Period    string `json:"period,omitempty"`
	Amount    int64  `json:"amount,omitempty"`
}

type SetLimitResponse struct {
	LimitType     string `json:"limit_type,omitempty"`
	Period        string `json:"period,omitempty"`
	Amount        int64  `json:"amount,omitempty"`
	PendingAmount int64  `json:"pending_amount,omitempty"`
	PendingFrom   string `json:"pending_from,omitempty"`
}

type GetBalanceRequest struct{}

type BalanceResponse struct {
	Currency  string `json:"currency,omitempty"`
	Cash      int64  `json:"cash,omitempty"`
	Bonus     int64  `json:"bonus,omitempty"`
	Reserved  int64  `json:"reserved,omitempty"`
	Available int64  `json:"available,omitempty"`
}
