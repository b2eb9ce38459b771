package domain

// Role is the coarse permission level of the caller, set by the edge gateway.
type Role string

const (
	RoleBacker  Role = "backer"
	RoleCreator Role = "creator"
	RoleAdmin   Role = "admin"
	RoleSystem  Role = "system"
)

// Actor identifies who is performing an operation. Background jobs act as
// the system actor.
type Actor struct {
	ID   string
	Role Role
}

// System is the actor used by workers, cron and webhook receivers.
var System = Actor{ID: "system", Role: RoleSystem}

func (a Actor) IsZero() bool { return a.ID == "" }

func (a Actor) Is(r Role) bool { return a.Role == r }
