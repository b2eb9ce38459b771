package pb

// Messages of sportsbook.betting.v1.

type PlaceBetRequest struct {
	RequestId         string `json:"request_id,omitempty"`
	MarketId          string `json:"market_id,omitempty"`
	SelectionId       string `json:"selection_id,omitempty"`
	PriceMilli        int64  `json:"price_milli,omitempty"`
	Stake             int64  `json:"stake,omitempty"`
	FreeBetId         string `json:"free_bet_id,omitempty"`
	AcceptPriceChange bool   `json:"accept_price_change,omitempty"`
}

func (x *PlaceBetRequest) GetRequestId() string {
	if x != nil {
		return x.RequestId
	}
	return ""
}

type PlaceBetResponse struct {
	BetId           string `json:"bet_id,omitempty"`
	Status          string `json:"status,omitempty"`
	PriceMilli      int64  `json:"price_milli,omitempty"`
	Stake           int64  `json:"stake,omitempty"`
	PotentialPayout int64  `json:"potential_payout,omitempty"`
}

type CancelBetRequest struct {
	BetId string `json:"bet_id,omitempty"`
}

type BetResponse struct {
	BetId  string `json:"bet_id,omitempty"`
	Status string `json:"status,omitempty"`
	Stake  int64  `json:"stake,omitempty"`
	Payout int64  `json:"payout,omitempty"`
}

type CashOutRequest struct {
	BetId     string `json:"bet_id,omitempty"`
	MinAmount int64  `json:"min_amount,omitempty"`
}

type CashOutResponse struct {
	BetId  string `json:"bet_id,omitempty"`
	Amount int64  `json:"amount,omitempty"`
	Status string `json:"status,omitempty"`
}
