// Package uuid is a stub of github.com/google/uuid v1.6.0 for analysistest.
package uuid

type UUID [16]byte

var (
	NameSpaceDNS = UUID{}
	NameSpaceURL = UUID{}
	NameSpaceOID = UUID{}
	Nil          UUID
)

func (uuid UUID) String() string           { return "" }
func New() UUID                            { return UUID{} }
func NewString() string                    { return "" }
func NewRandom() (UUID, error)             { return UUID{}, nil }
func NewV7() (UUID, error)                 { return UUID{}, nil }
func Must(uuid UUID, err error) UUID       { return uuid }
func NewSHA1(space UUID, data []byte) UUID { return UUID{} }
func NewMD5(space UUID, data []byte) UUID  { return UUID{} }
func Parse(s string) (UUID, error)         { return UUID{}, nil }

func MustParse(s string) UUID { var u UUID; return u }
