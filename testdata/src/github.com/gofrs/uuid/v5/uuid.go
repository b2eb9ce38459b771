// Package uuid is a stub of github.com/gofrs/uuid/v5 v5.5.1 for analysistest.
package uuid

const Size = 16

type UUID [Size]byte

var (
	NamespaceDNS = UUID{}
	NamespaceURL = UUID{}
	NamespaceOID = UUID{}
	Nil          = UUID{}
)

func (u UUID) String() string              { return "" }
func NewV4() (UUID, error)                 { return UUID{}, nil }
func NewV7() (UUID, error)                 { return UUID{}, nil }
func NewV5(ns UUID, name string) UUID      { return UUID{} }
func Must(u UUID, err error) UUID          { return u }
func FromString(text string) (UUID, error) { return UUID{}, nil }
