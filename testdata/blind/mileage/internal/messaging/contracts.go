package messaging

// Message is a work item with a routing type and FIFO group.
type Message interface {
	MessageType() string
	GroupID() string
}

// Redemption queue message types.
const (
	TypeAwardBooking = "redemption.award"
	TypeUpgrade      = "redemption.upgrade"
)

// RedemptionMessage asks the worker to fulfil a redemption.
type RedemptionMessage struct {
	Kind         string `json:"kind"`
	RedemptionID string `json:"redemptionId"`
	MemberID     string `json:"memberId"`
}

func (m RedemptionMessage) MessageType() string {
	if m.Kind == "upgrade" {
		return TypeUpgrade
	}
	return TypeAwardBooking
}
func (m RedemptionMessage) GroupID() string { return m.MemberID }

// Transfer queue message types.
const (
	TypeTransferSubmit  = "transfer.submit"
	TypeTransferReverse = "transfer.reverse"
)

// TransferMessage asks the worker to act on a transfer.
type TransferMessage struct {
	Action     string `json:"action"`
	TransferID string `json:"transferId"`
	MemberID   string `json:"memberId"`
	Reason     string `json:"reason,omitempty"`
	AgentID    string `json:"agentId,omitempty"`
}

func (m TransferMessage) MessageType() string {
	if m.Action == "reverse" {
		return TypeTransferReverse
	}
	return TypeTransferSubmit
}
func (m TransferMessage) GroupID() string { return m.MemberID }

// Notification queue message types.
const (
	TypeActivityAlert = "notify.activity"
	TypeStatement     = "notify.statement"
)

// NotifyMessage asks the worker to text a member.
type NotifyMessage struct {
	Kind     string            `json:"kind"`
	MemberID string            `json:"memberId"`
	Template string            `json:"template"`
	Key      string            `json:"key"`
	Params   map[string]string `json:"params"`
}

func (m NotifyMessage) MessageType() string {
	if m.Kind == "statement" {
		return TypeStatement
	}
	return TypeActivityAlert
}
func (m NotifyMessage) GroupID() string { return m.MemberID }
