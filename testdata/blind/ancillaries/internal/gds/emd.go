package gds

import (
	"context"
	"net/url"
	"time"
)

// IssueRequest issues an EMD-A (associated) for an ancillary service.
type IssueRequest struct {
	ClientTransactionRef string `json:"clientTransactionRef"`
	PNR                  string `json:"recordLocator"`
	PassengerRef         string `json:"passengerRef"`
	FlightID             string `json:"segmentRef"`
	RFIC                 string `json:"rfic"`
	RFISC                string `json:"rfisc"`
	Description          string `json:"commercialName"`
	Amount               int64  `json:"amount"`
	Currency             string `json:"currency"`
	FormOfPayment        string `json:"formOfPayment"`
}

// EMD is the partner's view of an issued document.
type EMD struct {
	Number   string    `json:"emdNumber"`
	Status   string    `json:"status"`
	IssuedAt time.Time `json:"issuedAt"`
}

// IssueEMD issues a new EMD.
func (c *Client) IssueEMD(ctx context.Context, req IssueRequest) (EMD, error) {
	var out EMD
	err := c.do(ctx, "POST", "/v2/emds", req, &out)
	return out, err
}

// ReissueRequest exchanges an EMD for a new one.
type ReissueRequest struct {
	ClientTransactionRef string `json:"clientTransactionRef"`
	Reason               string `json:"reason"`
	AgentID              string `json:"agentId"`
}

// ReissueEMD exchanges number for a new document.
func (c *Client) ReissueEMD(ctx context.Context, number string, req ReissueRequest) (EMD, error) {
	var out EMD
	err := c.do(ctx, "POST", "/v2/emds/"+url.PathEscape(number)+"/reissue", req, &out)
	return out, err
}

// RefundEMDRequest records a refund against an EMD for settlement.
type RefundEMDRequest struct {
	ClientTransactionRef string `json:"clientTransactionRef"`
	Amount               int64  `json:"amount"`
	Currency             string `json:"currency"`
	Waiver               string `json:"waiverCode,omitempty"`
}

// RefundRecord is the settlement record created by a refund.
type RefundRecord struct {
	RefundNumber string `json:"refundNumber"`
	Status       string `json:"status"`
}

// RefundEMD files a refund against number with the settlement plan.
func (c *Client) RefundEMD(ctx context.Context, number string, req RefundEMDRequest) (RefundRecord, error) {
	var out RefundRecord
	err := c.do(ctx, "POST", "/v2/emds/"+url.PathEscape(number)+"/refunds", req, &out)
	return out, err
}

// AssociateRequest re-points an EMD coupon at a (re)issued ticket.
type AssociateRequest struct {
	ClientTransactionRef string `json:"clientTransactionRef"`
	TicketNumber         string `json:"ticketNumber"`
	Coupon               int    `json:"coupon"`
}

// AssociateEMD associates an EMD coupon with a ticket.
func (c *Client) AssociateEMD(ctx context.Context, number string, req AssociateRequest) error {
	return c.do(ctx, "POST", "/v2/emds/"+url.PathEscape(number)+"/associations", req, nil)
}

// SeatHoldRequest blocks a seat on the partner's seat map.
type SeatHoldRequest struct {
	ClientTransactionRef string    `json:"clientTransactionRef"`
	Seat                 string    `json:"seat"`
	PNR                  string    `json:"recordLocator"`
	PassengerRef         string    `json:"passengerRef"`
	Until                time.Time `json:"until"`
}

// HoldSeat blocks a seat until the given time.
func (c *Client) HoldSeat(ctx context.Context, flightID string, req SeatHoldRequest) error {
	return c.do(ctx, "POST", "/v2/seatmaps/"+url.PathEscape(flightID)+"/holds", req, nil)
}
