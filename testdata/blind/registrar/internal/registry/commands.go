// Package registry is a client for the registry's JSON command API.
//
// Every command carries a client transaction id (clTRID). The registry keeps
// the result of each clTRID it has executed for 30 days and answers a
// repeated clTRID with that result instead of executing the command again.
package registry

import "time"

// Common holds the fields every command carries.
type Common struct {
	ClTRID      string    `json:"clTRID"`
	RegistrarID string    `json:"registrarId"`
	SubmittedAt time.Time `json:"submittedAt"`
}

func (c *Common) header() *Common { return c }

// Command is implemented by every request struct.
type Command interface {
	header() *Common
	Path() string
}

type DomainCheck struct {
	Common
	Names []string `json:"names"`
}

func (*DomainCheck) Path() string { return "domain/check" }

type DomainCreate struct {
	Common
	Name         string   `json:"name"`
	PeriodYears  int      `json:"period"`
	Registrant   string   `json:"registrant"`
	AdminContact string   `json:"admin,omitempty"`
	TechContact  string   `json:"tech,omitempty"`
	Nameservers  []string `json:"ns,omitempty"`
	AuthInfo     string   `json:"authInfo"`
}

func (*DomainCreate) Path() string { return "domain/create" }

type DomainInfo struct {
	Common
	Name string `json:"name"`
}

func (*DomainInfo) Path() string { return "domain/info" }

// DomainRenew adds PeriodYears to the domain's current expiry.
type DomainRenew struct {
	Common
	Name        string `json:"name"`
	PeriodYears int    `json:"period"`
}

func (*DomainRenew) Path() string { return "domain/renew" }

type DomainUpdate struct {
	Common
	Name      string   `json:"name"`
	AddNS     []string `json:"addNs,omitempty"`
	RemNS     []string `json:"remNs,omitempty"`
	AddStatus []string `json:"addStatus,omitempty"`
	RemStatus []string `json:"remStatus,omitempty"`
}

func (*DomainUpdate) Path() string { return "domain/update" }

type TransferOp string

const (
	TransferRequest TransferOp = "request"
	TransferQuery   TransferOp = "query"
	TransferApprove TransferOp = "approve"
	TransferReject  TransferOp = "reject"
)

type DomainTransfer struct {
	Common
	Name        string     `json:"name"`
	Op          TransferOp `json:"op"`
	AuthInfo    string     `json:"authInfo,omitempty"`
	PeriodYears int        `json:"period,omitempty"`
}

func (*DomainTransfer) Path() string { return "domain/transfer" }

type ContactCreate struct {
	Common
	Handle       string `json:"id"`
	Name         string `json:"name"`
	Organization string `json:"org,omitempty"`
	Email        string `json:"email"`
	Voice        string `json:"voice"`
	Street       string `json:"street"`
	City         string `json:"city"`
	PostalCode   string `json:"pc"`
	CountryCode  string `json:"cc"`
	AuthInfo     string `json:"authInfo"`
}

func (*ContactCreate) Path() string { return "contact/create" }

// Results.

type Availability struct {
	Name      string `json:"name"`
	Available bool   `json:"avail"`
	Reason    string `json:"reason,omitempty"`
	Premium   bool   `json:"premium"`
}

type DomainData struct {
	Name        string    `json:"name"`
	ROID        string    `json:"roid"`
	Status      []string  `json:"status"`
	Registrant  string    `json:"registrant"`
	Nameservers []string  `json:"ns"`
	CreatedAt   time.Time `json:"crDate"`
	ExpiresAt   time.Time `json:"exDate"`
	Sponsor     string    `json:"clID"`
}

type TransferData struct {
	TransferID  string    `json:"trID"`
	Name        string    `json:"name"`
	Status      string    `json:"trStatus"`
	RequestedBy string    `json:"reID"`
	ActionBy    string    `json:"acID"`
	RequestedAt time.Time `json:"reDate"`
	ActionDate  time.Time `json:"acDate"`
	ExpiresAt   time.Time `json:"exDate"`
}

type ContactData struct {
	Handle    string    `json:"id"`
	ROID      string    `json:"roid"`
	CreatedAt time.Time `json:"crDate"`
}
