/**
 * Santa Claus's rules page in French: loaded when the rules are first opened
 * (rules-lazy.ts), not with the table. Keys: `santa.rules.<key>`. Same keys as rules-en.ts.
 */
import type { SantaRulesTexts } from './rules-en.js';

const fr: SantaRulesTexts = {
  title: 'Règles — Le Père Noël arrive en ville',
  intro:
    'Fireside joue avec ces règles. Là où les deux textes de règles publiés divergent, la salle choisit une variante : celles actives dans cette salle sont signalées.',
  close: 'Fermer',
  on: 'active dans cette salle',
  default: 'par défaut',
  parts: {
    title: 'Joueurs et matériel',
    p1: '3 ou 4 joueurs. L’un est le Père Noël (choisi par l’hôte ou tiré au sort) ; les autres sont les gamins.',
    p2: 'Chaque joueur a les 13 cartes d’une couleur : A = 1, 2 à 10, V = 11, D = 12, R = 13 (affichées A, J, Q, K).',
    p3: 'Le Père Noël a une réserve de 30 cadeaux (celui de sa maison de départ compris). Il y a 6 marqueurs « maison fermée ».',
    p4: 'La ville d’Elfenbein : des maisons reliées par des rues (pour tout le monde) et des sentiers sinueux, en pointillés lumineux (Père Noël seulement).',
  },
  setup: {
    title: 'Préparation',
    p1: 'Les maisons fermées sont placées à tour de rôle, en commençant par le joueur après le Père Noël et en faisant le tour de la table (Père Noël compris). Chacune va sur une maison sans marqueur et non voisine d’une maison qui en a un (par une rue ou un sentier).',
    awayRound: 'Un marqueur chacun : 4 à 4 joueurs ; à 3 joueurs un second tour, donc 6.',
    awaySix: 'Tour de table jusqu’à ce que 6 marqueurs soient placés.',
    p2: 'S’il ne reste aucune maison possible, les marqueurs restants ne sont pas placés.',
    p3: 'Puis chaque gamin, dans l’ordre des places, pose son pion sur n’importe quelle maison (plusieurs gamins peuvent partager une maison).',
    p4: 'Enfin le Père Noël pose son pion sur n’importe quelle maison. Sauf si elle est fermée, un cadeau y est déposé et il marque 1 point. Aucune rencontre ne compte pendant la préparation.',
  },
  round: {
    title: 'Une manche (13 manches : chaque carte est jouée une fois)',
    p1: 'Choix : chaque joueur choisit une carte de sa main, face cachée. Personne ne connaît un choix avant que tous aient choisi (on peut changer le sien jusque-là). Puis toutes sont révélées ensemble. Les mains sont publiques : les cartes jouées sont connues.',
    p2: 'Ordre : le joueur à la plus forte carte fixe l’ordre de tous les joueurs pour cette manche (n’importe quel ordre, lui compris).',
    tieLowestCard:
      'Égalité sur la plus forte carte : le joueur qui a joué seul la plus faible carte choisit l’ordre ; si la plus faible est aussi à égalité, c’est le Père Noël.',
    tieLowestScore:
      'Égalité sur la plus forte carte : parmi les ex æquo, celui qui a le score le plus faible choisit l’ordre ; s’il y a encore égalité, le Père Noël désigne lequel d’entre eux le choisit.',
    p3: 'Déplacements : dans cet ordre, chacun se déplace une fois (sans passer) et marque comme ci-dessous. La carte de la manche est ensuite défaussée.',
    p4: 'Après la 13e manche, la partie se termine. Le plus haut score gagne ; les ex æquo partagent la victoire.',
  },
  moving: {
    title: 'Se déplacer',
    p1: 'Une case mène à une maison voisine : les gamins par les rues seulement, le Père Noël par les rues ou les sentiers. Un déplacement n’entre jamais deux fois dans la même maison, ni dans sa maison de départ.',
    p2: 'A à 5 : 1 ou 2 cases. 6 à 10 : 1 à 3 cases. Toujours au moins une case.',
    p3: 'V, D, R pour le Père Noël : il vole vers n’importe quelle autre maison ; seule celle-ci compte.',
    p4: 'V, D, R pour un gamin : saut à vélo — une case par une rue dans n’importe quelle direction, puis autant de cases que voulu en ligne droite (la même direction ou une autre), toujours par des rues.',
    p5: 'Un joueur qui n’a aucun déplacement possible reste sur place.',
  },
  scoring: {
    title: 'Points — pour chaque maison traversée, dans l’ordre',
    p1: 'Le Père Noël entre dans une maison : si elle n’est pas fermée, n’a pas de cadeau et que la réserve n’est pas vide, il y dépose un cadeau et marque 1 point.',
    p2: 'Puis chaque gamin présent voit le Père Noël : +3 chacun. Si la maison n’est pas fermée et a un cadeau, l’un de ces gamins le prend : gamin +1, Père Noël −1, la maison reste vide (le Père Noël choisit le gamin s’ils sont plusieurs).',
    p3: 'Un gamin entre dans la maison du Père Noël : il le voit, +3. Si aucun gamin ne l’a vu plus tôt dans cette manche (d’une façon ou de l’autre), que la maison n’est pas fermée et a un cadeau, le gamin le prend : gamin +1, Père Noël −1.',
    p4: 'Passer par une maison compte comme s’y arrêter.',
    p5: 'Les cadeaux pris par les gamins ne reviennent jamais dans la réserve. Le Père Noël peut revenir dans une maison vidée et y déposer un nouveau cadeau tant que la réserve dure.',
  },
  hidden: {
    title: 'Informations cachées',
    p1: 'Seules les cartes choisies sont secrètes, jusqu’à leur révélation. Tout le reste est public.',
  },
};

export default fr;
