// Package leadsnet submits pawn transactions to LeadsNet, the regional
// law-enforcement pawn database the city ordinance requires us to report to.
//
// The API has no idempotency support. Every accepted POST /api/transactions
// creates a new record and returns a new confirmation number; duplicates have
// to be voided by phone with the records unit.
package leadsnet

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/ironvault/pawnline/internal/domain"
	"github.com/ironvault/pawnline/internal/providers/httpx"
)

type Client struct {
	baseURL  string
	username string
	password string
	doer     httpx.Doer
}

func New(baseURL, username, password string) *Client {
	return &Client{
		baseURL:  strings.TrimRight(baseURL, "/"),
		username: username,
		password: password,
		doer:     httpx.DefaultClient(30 * time.Second),
	}
}

type transaction struct {
	StoreLicense string    `json:"store_license"`
	TicketNumber string    `json:"ticket_number"`
	Type         string    `json:"transaction_type"`
	Date         time.Time `json:"transaction_date"`
	Amount       string    `json:"amount"`
	Customer     customer  `json:"customer"`
	Items        []item    `json:"items"`
}

type customer struct {
	Name        string `json:"name"`
	DateOfBirth string `json:"dob"`
	IDType      string `json:"id_type"`
	IDNumber    string `json:"id_number"`
	IDState     string `json:"id_state,omitempty"`
}

type item struct {
	Category     string `json:"category"`
	Description  string `json:"description"`
	Brand        string `json:"brand,omitempty"`
	Model        string `json:"model,omitempty"`
	SerialNumber string `json:"serial_number,omitempty"`
}

type submitResponse struct {
	ConfirmationNumber string    `json:"confirmation_number"`
	ReceivedAt         time.Time `json:"received_at"`
}

func (c *Client) Submit(ctx context.Context, tx domain.PoliceTransaction) (domain.PoliceReceipt, error) {
	body := transaction{
		StoreLicense: tx.StoreLicense,
		TicketNumber: tx.TicketNo,
		Type:         tx.TransactionType,
		Date:         tx.TransactionAt,
		Amount:       strings.TrimPrefix(tx.Amount.String(), "$"),
		Customer: customer{
			Name:        tx.CustomerName,
			DateOfBirth: tx.DateOfBirth.Format(time.DateOnly),
			IDType:      tx.IDType,
			IDNumber:    tx.IDNumber,
			IDState:     tx.IDState,
		},
	}
	for _, it := range tx.Items {
		body.Items = append(body.Items, item(it))
	}
	h := http.Header{}
	h.Set("Authorization", basicAuth(c.username, c.password))
	var out submitResponse
	if err := httpx.JSON(ctx, c.doer, http.MethodPost, c.baseURL+"/api/transactions", h, body, &out); err != nil {
		return domain.PoliceReceipt{}, err
	}
	return domain.PoliceReceipt{ConfirmationNo: out.ConfirmationNumber, ReceivedAt: out.ReceivedAt}, nil
}

func basicAuth(user, pass string) string {
	r, _ := http.NewRequest(http.MethodGet, "/", nil)
	r.SetBasicAuth(user, pass)
	return r.Header.Get("Authorization")
}
